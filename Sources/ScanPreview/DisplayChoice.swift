/// Which of SDL's video drivers the preview may use, from the environment.
///
/// Left to itself, SDL tries every driver it has and falls back to
/// `offscreen`, which "opens" a window no one sees: with DISPLAY naming no
/// X server, --preview said nothing at all. And it tries Wayland even
/// without WAYLAND_DISPLAY, whose library then prints its own line about
/// XDG_RUNTIME_DIR. So only the displays the environment names are tried,
/// and a failure is said in one line of ours, naming them.
struct DisplayChoice: Sendable {
    /// SDL_VIDEODRIVER's value to set, nil when the user set it.
    let drivers: String?
    /// The displays tried, as a person reads them: `DISPLAY=:99`.
    let names: String

    init(environment: [String: String]) throws(PreviewUnavailable) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let chosen = value("SDL_VIDEODRIVER") {
            // A display of another kind (kmsdrm on a kiosk): SDL's own word.
            drivers = nil
            names = "SDL_VIDEODRIVER=\(chosen)"
            return
        }
        var drivers: [String] = [], names: [String] = []
        if let display = value("DISPLAY") {
            drivers.append("x11")
            names.append("DISPLAY=\(display)")
        }
        if let wayland = value("WAYLAND_DISPLAY") {
            // A relative socket name lives in XDG_RUNTIME_DIR; without it
            // libwayland only prints an error of its own.
            if wayland.hasPrefix("/") || value("XDG_RUNTIME_DIR") != nil {
                drivers.append("wayland")
                names.append("WAYLAND_DISPLAY=\(wayland)")
            } else if drivers.isEmpty {
                throw PreviewUnavailable(
                    reason: "cannot open a window on WAYLAND_DISPLAY=\(wayland): XDG_RUNTIME_DIR, where its socket is, is unset "
                        + "(run scan in the desktop session, or export XDG_RUNTIME_DIR=/run/user/$(id -u))")
            }
        }
        guard !drivers.isEmpty else {
            throw PreviewUnavailable(reason: "no display (DISPLAY and WAYLAND_DISPLAY are unset)")
        }
        // SDL 2.0.22 and later take a comma-separated list.
        self.drivers = drivers.joined(separator: ",")
        self.names = names.joined(separator: " or ")
    }
}

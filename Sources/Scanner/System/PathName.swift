/// The parts of a file path the command needs, as NSString's path
/// properties give them, without Foundation (see `detachThread`).
package enum PathName {
    /// The last component: `b.png` of `/a/b.png`, `b` of `/a/b/`.
    package static func last(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The last component's extension without its dot: `png` of `a/b.png`;
    /// empty for `b`, and for `.profile`, whose dot starts its name.
    package static func fileExtension(_ path: String) -> String {
        let name = last(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The last component without its extension: `b` of `a/b.png`.
    package static func lastWithoutExtension(_ path: String) -> String {
        let name = last(path), ext = fileExtension(path)
        // `y.` has an empty extension, which goes with its dot.
        guard ext.isEmpty else { return String(name.dropLast(ext.count + 1)) }
        return name.hasSuffix(".") && name.count > 1 && name.firstIndex(of: ".") != name.startIndex ? String(name.dropLast()) : name
    }
}

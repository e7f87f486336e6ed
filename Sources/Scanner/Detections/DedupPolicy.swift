/// When a tracked item is reported again.
///
/// Every policy reports only confirmed payloads (see `TrackerConfiguration`);
/// the policy decides how often a confirmed item produces an `appeared` event.
public enum DedupPolicy: Sendable, Hashable {
    /// Report an item when it comes into view, and again only after it has
    /// been out of view for `rearm`, measured from the last frame that showed
    /// it, and from at least `TrackerConfiguration.absenceFrames` decoded
    /// frames. A frame or two without it, or a slow decoder that sees few
    /// frames, does not split one presentation into two.
    case oncePerPresentation(rearm: Duration)
    /// Report a payload (symbology and payload, wherever it is) at most once
    /// per window. An item held in view is reported again each time the
    /// window has passed.
    case window(Duration)
    /// Every read of a confirmed payload, in every frame, is an event: for
    /// diagnostics.
    case everyFrame
    /// Each payload once, until the tracker is reset.
    case once

    /// The rearm time when none is given: 500 ms.
    public static let defaultRearm: Duration = .milliseconds(500)
    /// The window when none is given: 1 s.
    public static let defaultWindow: Duration = .seconds(1)
    /// `oncePerPresentation(rearm: 500 ms)`.
    public static let `default` = DedupPolicy.oncePerPresentation(rearm: defaultRearm)

    /// How long a track must go unseen (in decoded frames that covered it)
    /// before its item counts as gone: the rearm time, or the default rearm
    /// for the policies that have none.
    var presenceTimeout: Duration {
        if case .oncePerPresentation(let rearm) = self { return rearm }
        return Self.defaultRearm
    }

    /// Parses the command-line form `name[:duration]`: `once-per-presentation`,
    /// `window`, `every-frame` or `once`, where the first two take an optional
    /// rearm time or window such as `300ms` or `2s` (defaults 500 ms and 1 s).
    public init(parsing text: String) throws(DedupPolicyParseError) {
        let parts = text.split(separator: ":", maxSplits: 1).map { String($0) }
        let name = (parts.first ?? "").lowercased().replacing("_", with: "-")
        var duration: Duration?
        if parts.count == 2 {
            guard let parsed = Self.parseDuration(parts[1]) else { throw DedupPolicyParseError(text: text) }
            duration = parsed
        }
        switch name {
        case "once-per-presentation": self = .oncePerPresentation(rearm: duration ?? Self.defaultRearm)
        case "window": self = .window(duration ?? Self.defaultWindow)
        case "every-frame" where duration == nil: self = .everyFrame
        case "once" where duration == nil: self = .once
        default: throw DedupPolicyParseError(text: text)
        }
    }

    /// A positive number of milliseconds (`300ms`) or seconds (`2s`, `1.5s`).
    private static func parseDuration(_ text: String) -> Duration? {
        let text = text.lowercased()
        let (number, scale): (Substring, Double) =
            text.hasSuffix("ms") ? (text.dropLast(2), 1e-3) : text.hasSuffix("s") ? (text.dropLast(), 1) : ("", 0)
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        return .nanoseconds(Int64((value * scale * 1e9).rounded()))
    }
}

/// A `--dedup` value that is not one of the policies.
public struct DedupPolicyParseError: Error, CustomStringConvertible, Sendable {
    /// The value as given.
    public let text: String
    /// The message for a person: the value given and the policies to choose from.
    public var description: String {
        "unknown dedup policy '\(text)': use once-per-presentation[:rearm], window[:duration], "
            + "every-frame or once, with durations such as 500ms or 2s"
    }
}

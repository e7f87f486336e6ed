import FoundationEssentials
import Scanner

/// `--config FILE`: the options of a lane, one a line, as the service
/// reads them from /etc/scan/LANE.conf. `NAME VALUE` or a lone `NAME` for
/// a flag, NAME being the long option without its dashes; `#` starts a
/// comment line. Parsed by the same table as the command line.
enum ConfigurationFile {
    /// Each option line as command-line words, with its place (`lane.conf:3`)
    /// for the messages about it.
    static func lines(path: String) throws -> [(place: String, arguments: [String])] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(description: "\(path): cannot read the configuration file (\(Errno.current))")
        }
        var lines: [(place: String, arguments: [String])] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimming(while: \.isWhitespace)
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            let place = "\(path):\(number + 1)"
            let name = String(text.prefix { !$0.isWhitespace })
            let value = text.dropFirst(name.count).trimming(while: \.isWhitespace)
            guard name != "config", let option = OptionTable.byName["--" + name] else {
                throw UsageError(description: "\(place): unknown option '\(name)'")
            }
            if option.value != nil {
                guard !value.isEmpty else { throw UsageError(description: "\(place): \(name) needs a value") }
                lines.append((place, ["--" + name, String(value)]))
            } else {
                guard value.isEmpty else { throw UsageError(description: "\(place): \(name) takes no value") }
                lines.append((place, ["--" + name]))
            }
        }
        return lines
    }
}

import FoundationEssentials
import Scanner

/// `--config FILE`: the options of a lane, one a line, as the service
/// reads them from /etc/scan/LANE.conf. `NAME VALUE` or a lone `NAME` for
/// a flag, NAME being the long option without its dashes; `#` starts a
/// comment line. Parsed by the same table as the command line.
enum ConfigurationFile {
    static func arguments(path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(description: "\(path): cannot read the configuration file (\(Errno.current))")
        }
        var arguments: [String] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimming(while: \.isWhitespace)
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            let name = String(text.prefix { !$0.isWhitespace })
            let value = text.dropFirst(name.count).trimming(while: \.isWhitespace)
            guard name != "config", let option = OptionTable.byName["--" + name] else {
                throw UsageError(description: "\(path):\(number + 1): unknown option '\(name)'")
            }
            arguments.append("--" + name)
            if option.value != nil {
                guard !value.isEmpty else { throw UsageError(description: "\(path):\(number + 1): \(name) needs a value") }
                arguments.append(value)
            } else if !value.isEmpty {
                throw UsageError(description: "\(path):\(number + 1): \(name) takes no value")
            }
        }
        return arguments
    }
}

import Foundation

/// Test symbols from the zint 2.11.1 command line (`--dump`: one row of hex
/// a module row, 1 = dark), as module rows of booleans.
enum ZintDump {
    struct Failure: Error { var message: String }

    /// Every module row of a symbol (stacked symbols and their separator rows
    /// too). The last hex digit of a row is padded with light modules.
    static func rows(type: Int, data: String, options: [String] = []) throws -> [[Bool]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zint")
        process.arguments = ["-b", String(type), "--dump"] + options + ["-d", data]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(message: "zint -b \(type) -d \(data) failed") }
        return try String(decoding: output, as: UTF8.self).split(separator: "\n").map { row in
            var bits: [Bool] = []
            for ch in row where ch != " " {
                guard let v = ch.hexDigitValue else { throw Failure(message: "bad dump \(row)") }
                for b in (0..<4).reversed() { bits.append(v & (1 << b) != 0) }
            }
            return bits
        }
    }

    /// The modules of a linear symbol: its first row, without the padding
    /// (linear symbols end with a bar, so trailing light modules are padding).
    static func modules(type: Int, data: String, options: [String] = []) throws -> [Bool] {
        var bits = try rows(type: type, data: data, options: options).first ?? []
        while bits.last == false { bits.removeLast() }
        return bits
    }
}

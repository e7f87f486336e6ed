import Foundation
@testable import Scanner

/// Module matrices from the zint command line (`--dump`: one hex row per
/// matrix row, 1 = dark, the row's width in bits left-aligned), for the QR
/// family's codec and detector tests.
enum QRZint {
    /// `width` defaults to the row count (square symbols).
    static func matrix(_ arguments: [String], width: Int? = nil) -> BitMatrix? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zint")
        process.arguments = ["--dump"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else { return nil }
        let rows = text.split(separator: "\n").map { $0.replacingOccurrences(of: " ", with: "") }.filter { !$0.isEmpty }
        guard let first = rows.first else { return nil }
        let w = width ?? rows.count
        guard first.count * 4 >= w, var m = BitMatrix(width: w, height: rows.count) else { return nil }
        for (y, row) in rows.enumerated() {
            for (i, ch) in row.enumerated() {
                guard let nibble = ch.hexDigitValue else { return nil }
                for b in 0..<4 where i * 4 + b < w && nibble >> (3 - b) & 1 == 1 { m[i * 4 + b, y] = true }
            }
        }
        return m
    }

    /// An rMQR symbol of the size at `sizeIndex` (zint's `--vers` is the index + 1).
    static func rmqr(_ arguments: [String], sizeIndex: Int) -> BitMatrix? {
        let size = QRVersion.rmqrSizes[sizeIndex]
        return matrix(["-b", "145", "--vers=\(sizeIndex + 1)"] + arguments, width: size.width)
    }
}

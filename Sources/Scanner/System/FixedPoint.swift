import Glibc

/// `value` with `decimals` digits after the point and never an exponent,
/// as printf's `%.Nf` writes it: Foundation's `String(format:)` without
/// Foundation (see `detachThread`).
package func fixedPoint(_ value: Double, decimals: Int) -> String {
    // %.Nf of the largest double is 309 digits before the point.
    var buffer = [UInt8](repeating: 0, count: 320 + max(0, decimals))
    let written = buffer.withUnsafeMutableBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { characters in
            withVaList([value]) { vsnprintf(characters.baseAddress, characters.count, "%.\(max(0, decimals))f", $0) }
        }
    }
    return String(decoding: buffer.prefix(max(0, min(Int(written), buffer.count - 1))), as: UTF8.self)
}

// The fields of the messages between a program and its read helper
// (`ReadHelper`): both ends are the same program, so the format has no
// version.

/// Appends fields: integers as 8 bytes little-endian, strings and byte
/// arrays as their length and bytes.
struct MessageWriter {
    var bytes: [UInt8] = []

    mutating func put(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 }
    }

    mutating func put(_ value: UInt64) { put(Int(Int64(bitPattern: value))) }

    mutating func put(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func put(_ value: String) {
        put(value.utf8.count)
        bytes += value.utf8
    }

    mutating func put(_ values: [UInt8]) {
        put(values.count)
        bytes += values
    }

    mutating func put(_ values: [String]) {
        put(values.count)
        for value in values { put(value) }
    }

    mutating func put(_ points: [Point]) {
        put(points.count)
        for point in points {
            put(point.x.bitPattern)
            put(point.y.bitPattern)
        }
    }
}

/// Takes fields back; nil for anything cut short or out of range.
struct MessageReader {
    let bytes: UnsafeRawBufferPointer
    var at = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { at == bytes.count }

    /// The bytes not read yet.
    var rest: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[at...]) }

    mutating func integer() -> Int? {
        guard bytes.count - at >= 8 else { return nil }
        var value: Int64 = 0
        withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[at..<at + 8])) }
        at += 8
        return Int(Int64(littleEndian: value))
    }

    /// A count of things still to come, each at least a byte long.
    mutating func count() -> Int? {
        guard let count = integer(), count >= 0, count <= bytes.count - at else { return nil }
        return count
    }

    mutating func byte() -> UInt8? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func flag() -> Bool? {
        guard at < bytes.count, bytes[at] <= 1 else { return nil }
        defer { at += 1 }
        return bytes[at] == 1
    }

    mutating func byteArray() -> [UInt8]? {
        guard let count = count() else { return nil }
        defer { at += count }
        return Array(bytes[at..<at + count])
    }

    mutating func string() -> String? {
        byteArray().map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func points() -> [Point]? {
        guard let count = count() else { return nil }
        var points: [Point] = []
        for _ in 0..<count {
            guard let x = integer(), let y = integer() else { return nil }
            points.append(Point(x: Double(bitPattern: UInt64(bitPattern: Int64(x))), y: Double(bitPattern: UInt64(bitPattern: Int64(y)))))
        }
        return points
    }

    mutating func strings() -> [String]? {
        guard let count = count() else { return nil }
        var values: [String] = []
        for _ in 0..<count {
            guard let value = string() else { return nil }
            values.append(value)
        }
        return values
    }
}

/// A MicroPDF417 symbol's data codewords to its message: PDF417's data decoding
/// (`PDF417DataDecoder`), as MicroPDF417 has no symbol length descriptor.
enum MicroPDF417Data {
    static func decode(_ data: [Int]) -> PDF417Message? {
        PDF417DataDecoder.decode(data)
    }
}

extension UnsafeRawBufferPointer {
    /// Whether these bytes hold `signature` at `offset`: how a file's first
    /// bytes tell its format (`ImageFormat`) or kind (`ContentKind`).
    func holds(_ signature: [UInt8], at offset: Int = 0) -> Bool {
        count >= offset + signature.count && signature.indices.allSatisfy { self[offset + $0] == signature[$0] }
    }

    /// The same for a signature written as ASCII text.
    func holds(_ signature: String, at offset: Int = 0) -> Bool {
        holds(Array(signature.utf8), at: offset)
    }
}

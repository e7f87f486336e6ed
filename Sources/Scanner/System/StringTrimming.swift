extension StringProtocol {
    /// This text without the characters at either end for which `trimmed`
    /// holds: `\.isWhitespace` for spaces, tabs and line ends, `\.isNewline`
    /// for line ends only. Foundation's `trimmingCharacters(in:)` without
    /// Foundation (see `detachThread`).
    package func trimming(while trimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !trimmed($0) }), let last = lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}

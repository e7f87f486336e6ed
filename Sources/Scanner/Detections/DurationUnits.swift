extension Duration {
    /// The duration as a number of seconds, for output and arithmetic.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration as a number of milliseconds.
    var milliseconds: Double { seconds * 1000 }
}

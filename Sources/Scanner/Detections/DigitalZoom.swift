extension RegionOfInterest {
    /// The centre `1/factor` of this region in each direction: what a lens
    /// zoomed by `factor` would frame, for cameras without a zoom control.
    /// A factor of 1 or less leaves the region as it is.
    public func zoomed(by factor: Double) -> RegionOfInterest {
        guard factor > 1, factor.isFinite else { return self }
        let (w, h) = (width / factor, height / factor)
        return (try? RegionOfInterest(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)) ?? self
    }
}

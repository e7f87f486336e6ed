import Scanner

/// `--list-devices`, `--list-formats` and `--list-controls`.
struct DeviceListing {
    let options: ListingOptions
    let output = LineWriter.standardOutput

    func run() -> Int32 {
        do {
            if options.listDevices {
                let devices = CaptureDevice.discover()
                if devices.isEmpty { throw CaptureError.noCamera }
                for (index, device) in devices.enumerated() {
                    output.write("\(index): \(device)\n")
                }
            }
            guard options.listFormats || options.listControls else { return 0 }
            let device = try CaptureDevice.select(options.device)
            if options.listFormats {
                output.write("\(device.path) formats (✓ = luma read directly or decoded):\n")
                for format in try device.formats() {
                    output.write("  \(format)\n")
                }
            }
            if options.listControls {
                output.write("\(device.path) controls:\n")
                for control in try device.controls().all() {
                    output.write("  \(control)\n")
                }
            }
            return 0
        } catch {
            if !options.quiet { LineWriter.standardError.write("scan: \(CameraSetup.message(for: error, listing: true))\n") }
            return 1
        }
    }
}

import CV4L2

/// AVCaptureDevice-style settings on top of the standard V4L2 camera
/// controls. Each throws `featureUnsupported` when the camera lacks the
/// control, so a caller can fall back (a session zooms by cropping).
extension CameraControls {
    /// Autofocus on, or off at a fixed lens position (focusMode / setFocusModeLocked).
    public func setFocus(_ setting: CameraSetting) throws(CaptureError) {
        let controls = try all()
        let automatic = controls.first { $0.id == UInt32(V4L2_CID_FOCUS_AUTO) }
        let absolute = controls.first { $0.id == UInt32(V4L2_CID_FOCUS_ABSOLUTE) }
        switch setting {
        case .automatic:
            try setAutofocus(true)
        case .manual(let position):
            guard let absolute else { throw CaptureError.featureUnsupported(path: path, feature: "manual focus") }
            if let automatic { try set(automatic.name, to: 0) }
            try set(absolute.name, to: position)
        }
    }

    /// Automatic exposure, or a fixed exposure time in 100 µs units (exposureMode).
    public func setExposure(_ setting: CameraSetting) throws(CaptureError) {
        let controls = try all()
        guard let mode = controls.first(where: { $0.id == UInt32(V4L2_CID_EXPOSURE_AUTO) }) else {
            throw CaptureError.featureUnsupported(path: path, feature: "exposure mode")
        }
        let available = Set(mode.menu.map(\.value))
        switch setting {
        case .automatic:
            // Many webcams offer only manual and aperture priority.
            guard let automatic = [V4L2_EXPOSURE_AUTO, V4L2_EXPOSURE_APERTURE_PRIORITY].map({ Int($0.rawValue) })
                .first(where: available.contains)
            else { throw CaptureError.featureUnsupported(path: path, feature: "automatic exposure") }
            try set(mode.name, to: automatic)
        case .manual(let time):
            guard let absolute = controls.first(where: { $0.id == UInt32(V4L2_CID_EXPOSURE_ABSOLUTE) }) else {
                throw CaptureError.featureUnsupported(path: path, feature: "manual exposure")
            }
            try set(mode.name, to: Int(V4L2_EXPOSURE_MANUAL.rawValue))
            try set(absolute.name, to: time)
        }
    }

    /// A fixed sensor gain (AVFoundation's ISO): the gain control, else ISO
    /// sensitivity; automatic gain is switched off first.
    public func setGain(_ value: Int) throws(CaptureError) {
        let controls = try all()
        if let gain = controls.first(where: { $0.id == UInt32(V4L2_CID_GAIN) }) {
            if let automatic = controls.first(where: { $0.id == UInt32(V4L2_CID_AUTOGAIN) }) { try set(automatic.name, to: 0) }
            try set(gain.name, to: value)
        } else if let iso = controls.first(where: { $0.id == UInt32(V4L2_CID_ISO_SENSITIVITY) }) {
            if let automatic = controls.first(where: { $0.id == UInt32(V4L2_CID_ISO_SENSITIVITY_AUTO) }) {
                try set(automatic.name, to: Int(V4L2_ISO_SENSITIVITY_MANUAL.rawValue))
            }
            try set(iso.name, to: value)
        } else {
            throw CaptureError.featureUnsupported(path: path, feature: "gain")
        }
    }

    /// Optical zoom in the camera's units (videoZoomFactor). Most webcams
    /// have none: on `featureUnsupported` the session crops instead.
    public func setZoom(_ value: Int) throws(CaptureError) {
        try set(zoomControl().name, to: value)
    }

    /// The torch (torchMode): the flash LED in torch mode, or a webcam's LED.
    public func setTorch(_ on: Bool) throws(CaptureError) {
        let controls = try all()
        if let flash = controls.first(where: { $0.id == UInt32(V4L2_CID_FLASH_LED_MODE) }) {
            let mode = on ? V4L2_FLASH_LED_MODE_TORCH : V4L2_FLASH_LED_MODE_NONE
            try set(flash.name, to: Int(mode.rawValue))
        } else if let led = controls.first(where: { $0.name == "led1_mode" || $0.name == "led_mode" }) {
            try set(led.name, to: on ? 1 : 0)
        } else {
            throw CaptureError.featureUnsupported(path: path, feature: "torch")
        }
    }
}

/// What a live preview asks of a camera: a one-shot focus, and the state
/// it toggles and ramps.
extension CameraControls {
    /// Focuses once now, as a tap to focus does (AVFoundation's
    /// `.autoFocus` at a point of interest). V4L2 has no standard control
    /// for the point itself, so this is the nearest the camera has: the
    /// one-shot autofocus (V4L2_CID_AUTO_FOCUS_START), else continuous
    /// autofocus switched off and on again, which makes it search anew.
    public func focusOnce() throws(CaptureError) {
        let controls = try all()
        if let start = controls.first(where: { $0.id == UInt32(V4L2_CID_AUTO_FOCUS_START) }) {
            try set(start.name, to: 1)
        } else if let automatic = controls.first(where: { $0.id == UInt32(V4L2_CID_FOCUS_AUTO) }) {
            try set(automatic.name, to: 0)
            try set(automatic.name, to: 1)
        } else {
            throw CaptureError.featureUnsupported(path: path, feature: "autofocus")
        }
    }

    /// Whether continuous autofocus is on.
    public func isAutofocusOn() throws(CaptureError) -> Bool {
        (try autofocusControl().value ?? 0) != 0
    }

    /// Continuous autofocus on, or off with the lens left where it is.
    public func setAutofocus(_ on: Bool) throws(CaptureError) {
        try set(autofocusControl().name, to: on ? 1 : 0)
    }

    private func autofocusControl() throws(CaptureError) -> CameraControl {
        guard let automatic = try all().first(where: { $0.id == UInt32(V4L2_CID_FOCUS_AUTO) }) else {
            throw CaptureError.featureUnsupported(path: path, feature: "autofocus")
        }
        return automatic
    }

    /// The optical zoom control (V4L2_CID_ZOOM_ABSOLUTE): its range, step and value.
    public func zoomControl() throws(CaptureError) -> CameraControl {
        guard let zoom = try all().first(where: { $0.id == UInt32(V4L2_CID_ZOOM_ABSOLUTE) }) else {
            throw CaptureError.featureUnsupported(path: path, feature: "zoom")
        }
        return zoom
    }
}

/// The engines a pipeline can be given, by name, so that a pass says which
/// of them look (`Pass.engines`). Detections name their decoder more
/// coarsely (`Detection.Engine`): every reader of our own is `native`.
enum EngineName: Sendable, Hashable {
    /// libzbar: 1D codes and QR.
    case zbar
    /// zxing-cpp 1.4: the matrix codes (and its own 1D readers, alone).
    case zxing
    /// Our linear reader (`LinearEngine`).
    case linear
    /// Our reader of QR, Micro QR and rMQR (`QREngine`).
    case qr
    /// Our Aztec reader (`AztecEngine`).
    case aztec
    /// Our Data Matrix reader (`DataMatrixEngine`).
    case dataMatrix
    /// Our MaxiCode reader (`MaxiCodeEngine`).
    case maxiCode
    /// Our PDF417 reader (`PDF417Engine`).
    case pdf417
    /// Our MicroPDF417 reader (`MicroPDF417Engine`).
    case microPDF417
}

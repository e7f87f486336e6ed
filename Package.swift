// swift-tools-version:6.0
import PackageDescription

// C libraries stay at the edge: each gets a system-library target with a
// one-line shim header; a small C or C++ target holds only what Swift cannot
// do (setjmp recovery, C++ exceptions, ioctl macros and variadic calls).
let package = Package(
    name: "scan",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Scanner", targets: ["Scanner"]),
        // Satellites a till links only when it uses them: each brings its C library.
        .library(name: "ScanDelivery", targets: ["ScanDelivery"]),
        .library(name: "ScanKeyboard", targets: ["ScanKeyboard"]),
        .library(name: "ScanOverlay", targets: ["ScanOverlay"]),
        .library(name: "ScanPreview", targets: ["ScanPreview"]),
        .executable(name: "scan", targets: ["scan"]),
        .executable(name: "checkout", targets: ["checkout"]),
    ],
    targets: [
        // System libraries (Debian 12 packages named in `providers`).
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CLibV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),
        .systemLibrary(name: "CLibTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        // Overlay drawing and annotated PNGs; labels use fonts-dejavu-core through fontconfig.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "fonts-dejavu-core"])]),
        // The live preview's window (scan --preview); no pkgConfig, whose -D_REENTRANT SwiftPM refuses.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // glibc's GNU calls for the read helper (pipe2, closefrom in posix_spawn).
        .systemLibrary(name: "CSpawn"),

        // Thin C/C++ targets for what Swift cannot call directly.
        .target(name: "CJPEGDecode", dependencies: ["CLibJPEG"]),
        .target(name: "CV4L2", dependencies: ["CLibV4L2"]),
        .target(name: "CTIFFDecode", dependencies: ["CLibTIFF"]),
        .target(name: "CUInput"),
        // PDF pages: poppler-glib (Debian's libpoppler-glib8), and the cairo it
        // loads, through dlopen, on first use.
        .target(name: "CPDFRender"),
        .target(
            name: "CZXing",
            cxxSettings: [.define("ZX_USE_UTF8")],
            linkerSettings: [.linkedLibrary("ZXing")]
        ),

        // The engine: cameras, recordings, images, decoding, tracking and output.
        // It links neither libmosquitto, cairo nor SDL2 (CheckoutSampleTests).
        .target(
            name: "Scanner",
            dependencies: ["CZBar", "CLibPNG", "CLibWebP", "CJPEGDecode", "CV4L2", "CZXing", "CTIFFDecode", "CGIF", "CPDFRender", "CSpawn"]
        ),
        // Apart from the engine: events to an MQTT broker through a spool (--publish),
        .target(name: "ScanDelivery", dependencies: ["Scanner", "CMosquitto"]),
        // a virtual keyboard that types codes (--type),
        .target(name: "ScanKeyboard", dependencies: ["Scanner", "CUInput"]),
        // detections drawn on an image (--annotate, the preview's marks),
        .target(name: "ScanOverlay", dependencies: ["Scanner", "CCairo"]),
        // and the window on a running session (--preview).
        .target(name: "ScanPreview", dependencies: ["Scanner", "ScanOverlay", "CSDL2"]),
        .executableTarget(name: "scan", dependencies: ["Scanner", "ScanDelivery", "ScanKeyboard", "ScanOverlay", "ScanPreview"]),
        // A sample till that embeds the library (see README, "Embedding").
        .executableTarget(name: "checkout", dependencies: ["Scanner"], path: "Samples/Checkout", exclude: ["prices.csv"]),
        // start, stop, start on one session against the vivid camera (Tests/scanTests/Camera).
        .executableTarget(name: "session-restart", dependencies: ["Scanner"], path: "Tests/SessionRestart"),

        // Fuzzing (Fuzz/README.md): one harness per reader, built by scripts/fuzz
        // with -sanitize=fuzzer,address; a plain build links them too, inert.
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(
            name: "fuzz-image-loader", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/ImageLoader",
            exclude: ["seeds", "crashers", "fuzz.dict"]),
        .executableTarget(
            name: "fuzz-y4m-reader", dependencies: ["Scanner", "CFuzzDriver", "FuzzSupport"], path: "Fuzz/Y4MReader",
            exclude: ["seeds", "crashers", "fuzz.dict"]),
        .executableTarget(
            name: "fuzz-mjpeg-stream", dependencies: ["Scanner", "CFuzzDriver", "FuzzSupport"], path: "Fuzz/MJPEGStream",
            exclude: ["seeds", "crashers", "fuzz.dict"]),
        .executableTarget(
            name: "fuzz-decoder", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/Decoder", exclude: ["seeds", "crashers"]),
        .executableTarget(name: "fuzz-qr", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/QR", exclude: ["seeds"]),
        .executableTarget(name: "fuzz-linear", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/Linear", exclude: ["seeds"]),
        .executableTarget(name: "fuzz-aztec", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/Aztec", exclude: ["seeds"]),
        .executableTarget(name: "fuzz-datamatrix", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/DataMatrix", exclude: ["seeds"]),
        .executableTarget(name: "fuzz-maxicode", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/MaxiCode", exclude: ["seeds"]),
        .executableTarget(name: "fuzz-pdf417", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/PDF417", exclude: ["seeds"]),
        .executableTarget(name: "fuzz-micropdf417", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/MicroPDF417", exclude: ["seeds"]),
        .executableTarget(name: "fuzz-composite", dependencies: ["Scanner", "CFuzzDriver"], path: "Fuzz/Composite", exclude: ["seeds"]),

        // Tests. zint renders known payloads; the support module is shared by
        // the unit, round-trip and end-to-end suites.
        .target(name: "ScannerTestSupport", dependencies: ["Scanner", "ScanOverlay", "CZint", "CLibJPEG"], path: "Tests/Support"),
        // Benchmarks: ratios against peers run in the same process.
        .executableTarget(
            name: "scan-bench", dependencies: ["Scanner", "ScanPreview", "CZBar", "ScannerTestSupport"], path: "Benchmarks/ScanBench"),
        .testTarget(name: "ScannerTests", dependencies: ["Scanner", "ScannerTestSupport"]),
        .testTarget(name: "ScanDeliveryTests", dependencies: ["ScanDelivery", "ScannerTestSupport"]),
        .testTarget(name: "ScanKeyboardTests", dependencies: ["ScanKeyboard", "ScannerTestSupport"]),
        .testTarget(name: "ScanOverlayTests", dependencies: ["ScanOverlay", "ScannerTestSupport"]),
        .testTarget(name: "scanTests", dependencies: ["Scanner", "ScanKeyboard", "ScanOverlay", "ScanPreview", "ScannerTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)

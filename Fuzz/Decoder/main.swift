// Fuzzes the decoder on a small arbitrary luma frame, every symbology at
// thorough effort: the first byte sets the width (1 to 256), the rest are
// the pixels, row by row.
import CFuzzDriver
import Glibc
import Scanner

// zxing's 1D checks run in a helper process: start it before fuzzing, so
// that its start (over 100 ms for this instrumented binary) is not charged
// to the first input that reaches it, against -timeout=1.
var warmUp = DecoderConfiguration()
warmUp.singleEngine = .zxing
_ = BarcodeReader(configuration: warmUp).read(Frame(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 64)))

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    guard let data, size > 1 else { return 0 }
    let width = Int(data[0]) + 1
    let height = (size - 1) / width
    guard height > 0 else { return 0 }
    let pixels = Array(UnsafeBufferPointer(start: data + 1, count: width * height))
    let reader = BarcodeReader(configuration: DecoderConfiguration(effort: .thorough))
    _ = reader.read(Frame(width: width, height: height, pixels: pixels))
    return 0
})

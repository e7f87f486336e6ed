// Fuzzes the decoder on a small arbitrary luma frame, every symbology at
// thorough effort: the first byte sets the width (1 to 256), the rest are
// the pixels, row by row.
import CFuzzDriver
import Glibc
import Scanner

// No read helper is named (`ReadHelper`): zxing's 1D readers, which can
// abort, read nothing here, and the rest of the decoder is what is fuzzed.
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

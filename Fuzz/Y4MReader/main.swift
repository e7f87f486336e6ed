// Fuzzes the YUV4MPEG2 reader: the header, its sizes and every frame after it.
import CFuzzDriver
import FuzzSupport
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    FuzzInput.writeScratch(UnsafeRawBufferPointer(start: data, count: size))
    guard let reader = try? Y4MReader(path: FuzzInput.scratchPath, realTime: false) else { return 0 }
    while case .some(.some) = try? reader.nextFrame() {}
    return 0
})

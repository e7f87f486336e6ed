// Fuzzes the MJPEG stream reader: splitting the stream into images and
// decoding each one, through Recording's content sniffing.
import CFuzzDriver
import FuzzSupport
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    FuzzInput.writeScratch(UnsafeRawBufferPointer(start: data, count: size))
    guard let reader = try? Recording.open(FuzzInput.scratchPath, realTime: false) else { return 0 }
    // A damaged image is skipped, as a session skips it.
    while true {
        do {
            guard try reader.nextFrame() != nil else { break }
        } catch is ImageLoadError {
            continue
        } catch {
            break
        }
    }
    return 0
})

// Fuzzes our GS1 Composite reading (CompositeFuzzEntry): a 2D component's bit stream through
// CompositeData, or a small frame searched above a linear read placed in it, as the first byte says.
import CFuzzDriver
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    guard let data else { return 0 }
    CompositeFuzzEntry.run(UnsafeBufferPointer(start: data, count: size))
    return 0
})

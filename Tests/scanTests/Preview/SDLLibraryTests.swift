import Testing
@testable import ScanPreview

/// SDL2 is loaded by the first preview window; where it cannot be, the
/// preview is unavailable with the loader's reason and the package to
/// install, and scanning goes on.
@Suite struct SDLLibraryTests {
    @Test func aLibraryThatCannotBeLoadedIsNamedWithItsPackage() throws {
        guard case .failure(let missing) = SDLLibrary.load("libSDL2-2.0.so.999") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(missing.reason.hasPrefix("SDL2 cannot be loaded (libSDL2-2.0.so.999: cannot open shared object file"), "\(missing)")
        #expect(missing.reason.hasSuffix("; install it: sudo apt install libsdl2-2.0-0"))
        // A library without SDL's functions is refused at loading.
        guard case .failure(let other) = SDLLibrary.load("libz.so.1") else {
            Issue.record("zlib was taken for SDL2")
            return
        }
        #expect(other.reason.hasPrefix("SDL2 cannot be loaded (libz.so.1 has no SDL_SetHint)"), "\(other)")
        guard case .success = SDLLibrary.load(SDLLibrary.library.soname) else {
            Issue.record("\(SDLLibrary.library.soname) cannot be loaded")
            return
        }
    }
}

import Testing
@testable import Scanner

/// What a pass's readers derive from one view is made once, and a view of
/// other pixels gets its own.
@Suite struct PixelStorageMemoTests {
    @Test func aValueIsMadeOncePerKey() {
        let storage = PixelStorage(copying: [UInt8](repeating: 0, count: 16))
        var made = 0
        func value(_ key: Int) -> Int { storage.memoized(key) { made += 1; return key * 10 } }
        #expect(value(1) == 10 && value(1) == 10 && made == 1)
        #expect(value(2) == 20 && made == 2)
        // Only the last key is kept.
        #expect(value(1) == 10 && made == 3)
    }

    @Test func aCropIsBinarizedApartFromItsFrame() throws {
        let pixels = (0..<64).map { UInt8($0 % 8 < 4 ? 20 : 230) }
        let frame = Frame(width: 8, height: 8, storage: PixelStorage(copying: pixels))
        let crop = frame.cropped(to: PixelRect(x: 4, y: 0, width: 4, height: 8))
        let whole = try #require(frame.binarization?.polarities.first)
        let part = try #require(crop.binarization?.polarities.first)
        #expect(whole.width == 8 && part.width == 4)
        #expect(part.isDark(0, 0) == whole.isDark(4, 0))
    }
}

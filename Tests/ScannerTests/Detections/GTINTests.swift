import Testing
@testable import Scanner

@Test func gtinCheckDigit() {
    #expect(GTIN.hasValidCheckDigit("4006381333931"))
    #expect(!GTIN.hasValidCheckDigit("4006381333932"))
}

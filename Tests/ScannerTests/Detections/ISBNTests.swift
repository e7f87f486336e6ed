import Testing
@testable import Scanner

@Suite struct ISBNTests {
    @Test(arguments: [
        ("9780306406157", "0306406152"), ("9780804429573", "080442957X"), ("9781861972712", "1861972717"),
    ])
    func a978BookHasBothISBNs(ean13: String, isbn10: String) throws {
        let isbn = try #require(ISBN(ean13: ean13))
        #expect(isbn.isbn13 == ean13)
        #expect(isbn.isbn10 == isbn10)
    }

    @Test func a979BookHasNoISBN10AndPrintedMusicIsNoBook() throws {
        #expect(try #require(ISBN(ean13: "9791030000016")).isbn10 == nil)
        #expect(ISBN(ean13: "9790230671187") == nil, "9790 is an ISMN")
    }

    @Test(arguments: ["4006381333931", "9780306406158", "978030640615", "97803064061x7"])
    func otherCodesHaveNone(ean13: String) {
        #expect(ISBN(ean13: ean13) == nil)
    }
}

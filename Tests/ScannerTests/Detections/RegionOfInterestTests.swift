import Testing
@testable import Scanner

@Suite struct RegionOfInterestTests {
    @Test func parsesTheCommandLineForm() throws {
        let region = try RegionOfInterest(parsing: "0.25,0.25,0.5,0.5")
        #expect((region.x, region.y, region.width, region.height) == (0.25, 0.25, 0.5, 0.5))
        #expect(!region.isFull)
        let spaced = try RegionOfInterest(parsing: " 0.1, 0.2 ,0.3 , 0.4")
        #expect((spaced.x, spaced.y, spaced.width, spaced.height) == (0.1, 0.2, 0.3, 0.4))
        #expect(try RegionOfInterest(parsing: "0,0,1,1").isFull)
    }

    @Test(arguments: ["", "0.1,0.2,0.3", "0.1,0.2,0.3,0.4,0.5", "a,b,c,d", "0.1;0.2;0.3;0.4", "0.5,0.5,0.8,0.8",
                      "-0.1,0,0.5,0.5", "0,0,0,0.5", "0,0,0.5,-1", "nan,0,0.5,0.5", "0,0,inf,1", "1,1,0.1,0.1"])
    func rejectsWhatIsNotInsideTheFrame(_ text: String) {
        #expect(throws: RegionOfInterestError.self) { try RegionOfInterest(parsing: text) }
    }

    @Test func errorsNameTheInputAndTheFix() {
        do {
            _ = try RegionOfInterest(parsing: "0.5,0.5,0.8,0.8")
            Issue.record("accepted a region that leaves the frame")
        } catch {
            #expect(error.description.contains("0.5,0.5,0.8,0.8"))
            #expect(error.description.contains("between 0 and 1"))
        }
    }

    @Test func toleratesRoundingAtTheFarEdge() throws {
        // 0.7 + 0.3 is 1.0000000000000002 in binary; that is still the edge.
        let region = try RegionOfInterest(x: 0.7, y: 0, width: 0.3, height: 1)
        #expect(region.x + region.width <= 1)
        #expect(region.pixelRect(width: 1000, height: 10) == PixelRect(x: 700, y: 0, width: 300, height: 10))
    }

    @Test func fullCoversEveryPixel() {
        #expect(RegionOfInterest.full.pixelRect(width: 640, height: 480) == PixelRect(x: 0, y: 0, width: 640, height: 480))
        #expect(RegionOfInterest.full.pixelRect(width: 1, height: 1) == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }

    @Test func pixelRectRoundsOutwards() throws {
        let centre = try RegionOfInterest(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        // 25.25 ... 75.75 becomes 25 ..< 76.
        #expect(centre.pixelRect(width: 101, height: 101) == PixelRect(x: 25, y: 25, width: 51, height: 51))
        #expect(centre.pixelRect(width: 100, height: 40) == PixelRect(x: 25, y: 10, width: 50, height: 20))
    }

    @Test func pixelRectIsNeverEmptyAndStaysInside() throws {
        let sliver = try RegionOfInterest(x: 0.5, y: 0.5, width: 0.0001, height: 0.0001)
        #expect(sliver.pixelRect(width: 10, height: 10) == PixelRect(x: 5, y: 5, width: 1, height: 1))
        let corner = try RegionOfInterest(x: 0.999, y: 0.999, width: 0.001, height: 0.001)
        #expect(corner.pixelRect(width: 100, height: 100) == PixelRect(x: 99, y: 99, width: 1, height: 1))
        #expect(corner.pixelRect(width: 1, height: 1) == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }
}

/// The digital zoom for cameras without a zoom control.
@Suite struct DigitalZoomTests {
    @Test func zoomingTheWholeFrameFramesItsCentre() throws {
        let zoomed = RegionOfInterest.full.zoomed(by: 2)
        #expect(zoomed == (try RegionOfInterest(x: 0.25, y: 0.25, width: 0.5, height: 0.5)))
    }

    @Test func zoomingARegionStaysInsideIt() throws {
        let region = try RegionOfInterest(x: 0.5, y: 0, width: 0.5, height: 0.4)
        let zoomed = region.zoomed(by: 4)
        #expect(abs(zoomed.x - 0.6875) < 1e-9 && abs(zoomed.y - 0.15) < 1e-9)
        #expect(abs(zoomed.width - 0.125) < 1e-9 && abs(zoomed.height - 0.1) < 1e-9)
    }

    @Test(arguments: [1.0, 0.5, 0, -3, .infinity, .nan])
    func aFactorThatDoesNotEnlargeChangesNothing(_ factor: Double) throws {
        let region = try RegionOfInterest(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        #expect(region.zoomed(by: factor) == region)
    }
}

// A sample till: embeds the Scanner library, bills each item as it is
// scanned, and keeps a running total. QR codes of the form
// `COUPON:SAVE-<amount>` take money off. Weighed and priced items are
// billed from their labels, loose produce from its GS1 DataBar, and a
// magazine's EAN-2/EAN-5 add-on names its issue.
//
//   swift run checkout --input Samples/checkout.mjpeg   # a recording
//   swift run checkout --device /dev/video0             # a camera
import Foundation
import Scanner

// This program is its own read helper (see README, "Embedding"), for reads
// that need one: started as the helper, it serves and exits here.
ReadHelper.enterIfAsked()

/// One display line, written at once: a till is read as it happens.
func show(_ line: String) {
    LineWriter.standardOutput.write(line + "\n")
}

var arguments = CommandLine.arguments.dropFirst()
var pricesPath = "Samples/Checkout/prices.csv"
var input: String?
var device: String?
var realTime = true
var request = FormatRequest()
// Example layouts: US scale labels, then priced and weighed labels on 20-29.
var layoutList = "02:us-price,20-24:item5-price5,25-29:item5-weight5"
while let argument = arguments.popFirst() {
    switch argument {
    case "--size":
        let size = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
        if size.count == 2 { (request.width, request.height) = (size[0], size[1]) }
    case "--pixel-format": request.pixelFormat = arguments.popFirst().map(PixelFormat.init)
    case "--prices": pricesPath = arguments.popFirst() ?? pricesPath
    case "--input": input = arguments.popFirst()
    case "--device": device = arguments.popFirst()
    case "--fast": realTime = false
    case "--variable-measure": layoutList = arguments.popFirst() ?? layoutList
    default:
        FileHandle.standardError.write(Data("usage: checkout [--prices FILE] [--variable-measure PREFIXES:LAYOUT,...] [--input RECORDING [--fast] | --device PATH [--size WxH] [--pixel-format FOURCC]]\n".utf8))
        exit(2)
    }
}

do {
    let prices = try PriceList(contentsOf: pricesPath)
    let layouts = try VariableMeasureLayout.parseList(layoutList)
    let (recording, camera, paced, format) = (input, device, realTime, request)
    var configuration = CaptureSession.Configuration()
    // Add-ons are off by default; a till selling magazines wants them.
    configuration.decoder.symbologies.formUnion([.ean2, .ean5])
    let session = CaptureSession(configuration: configuration) {
        if let recording { return try Recording.open(recording, realTime: paced) }
        return try CaptureDevice.select(camera).open(format)
    }
    try session.start()
    signal(SIGINT, SIG_IGN)
    let interrupt = DispatchSource.makeSignalSource(signal: SIGINT)
    interrupt.setEventHandler { session.stop() }
    interrupt.resume()

    var basket = Basket(prices: prices, layouts: layouts)
    for await event in session.events {
        switch event {
        case .appeared(let item): show(basket.scan(item.detection))
        case .cameraLost(let device, _): show("! \(device) lost: waiting for it to come back")
        case .cameraRestored(let device): show("! \(device) is back")
        case .left: break
        }
    }
    show(basket.receipt)
    if let error = session.error { throw error }
} catch {
    FileHandle.standardError.write(Data("checkout: \(error)\n".utf8))
    exit(1)
}

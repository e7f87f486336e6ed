import CLibJPEG
import Glibc
import Scanner

/// Encodes luma frames as JPEG through libjpeg, in the colour spaces print
/// and camera software write, so tests can decode what they know.
public enum JPEGEncoder {
    /// How the gray is stored.
    public enum ColourSpace: Sendable, CaseIterable {
        case gray
        /// Black ink only (C = M = Y = 0), as plain CMYK.
        case cmyk
        /// The same ink stored inverted with an Adobe marker, as Photoshop writes it.
        case adobeCMYK
        /// Adobe's YCCK: the inverted CMYK with C, M, Y carried as YCbCr.
        case adobeYCCK
    }

    /// `frame` as a JPEG. `scans`, for a progressive image, is the number of
    /// scans (1 + 2 x bands, up to 127): a DC scan, then each AC coefficient
    /// band by successive approximation, first its high bit, then the refinement.
    public static func encode(
        _ frame: Frame, colourSpace: ColourSpace = .gray, quality: Int32 = 90, progressiveBands: Int? = nil
    ) -> [UInt8] {
        let errors = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
        let info = UnsafeMutablePointer<jpeg_compress_struct>.allocate(capacity: 1)
        defer { errors.deallocate(); info.deallocate() }
        info.pointee.err = jpeg_std_error(errors)
        jpeg_CreateCompress(info, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
        defer { jpeg_destroy_compress(info) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        jpeg_mem_dest(info, &buffer, &size)
        info.pointee.image_width = JDIMENSION(frame.width)
        info.pointee.image_height = JDIMENSION(frame.height)
        let gray = colourSpace == .gray
        info.pointee.input_components = gray ? 1 : 4
        info.pointee.in_color_space = gray ? JCS_GRAYSCALE : JCS_CMYK
        jpeg_set_defaults(info)
        jpeg_set_quality(info, quality, 1)
        if colourSpace == .adobeYCCK { jpeg_set_colorspace(info, JCS_YCCK) }
        let inverted = colourSpace == .adobeCMYK || colourSpace == .adobeYCCK
        info.pointee.write_Adobe_marker = inverted ? 1 : 0
        let script = progressiveBands.map { bands in
            // One component, so every scan names component 0.
            var scans = [jpeg_scan_info(comps_in_scan: 1, component_index: (0, 0, 0, 0), Ss: 0, Se: 0, Ah: 0, Al: 0)]
            for band in 1...bands { scans.append(.init(comps_in_scan: 1, component_index: (0, 0, 0, 0), Ss: Int32(band), Se: Int32(band), Ah: 0, Al: 1)) }
            for band in 1...bands { scans.append(.init(comps_in_scan: 1, component_index: (0, 0, 0, 0), Ss: Int32(band), Se: Int32(band), Ah: 1, Al: 0)) }
            return scans
        }
        let scripted = UnsafeMutablePointer<jpeg_scan_info>.allocate(capacity: max(script?.count ?? 0, 1))
        defer { scripted.deallocate() }
        if let script {
            precondition(gray, "progressive scripts here are for gray images")
            scripted.initialize(from: script, count: script.count)
            info.pointee.scan_info = UnsafePointer(scripted)
            info.pointee.num_scans = Int32(script.count)
        }
        jpeg_start_compress(info, 1)
        let pixels = frame.packedPixels
        var row = [UInt8](repeating: 0, count: frame.width * Int(info.pointee.input_components))
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let luma = pixels[y * frame.width + x]
                if gray {
                    row[x] = luma
                } else {
                    // Black ink where dark; stored inverted under an Adobe marker.
                    let ink = 255 - luma
                    row[4 * x..<4 * x + 4] = inverted ? [255, 255, 255, luma] : [0, 0, 0, ink]
                }
            }
            row.withUnsafeMutableBufferPointer { bytes in
                var pointer: JSAMPROW? = bytes.baseAddress
                _ = jpeg_write_scanlines(info, &pointer, 1)
            }
        }
        jpeg_finish_compress(info)
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}

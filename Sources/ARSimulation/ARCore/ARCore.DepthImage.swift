extension ARCore {
  /// A depth image as `Frame.acquireDepthImage16Bits()` and `acquireRawDepthImage16Bits()` give
  /// it (`HardwareBuffer.D_16`): `width` x `height` unsigned 16-bit values, row-major from the
  /// top-left, in the CPU and GPU images' sensor orientation (not the display's), covering the
  /// GPU texture's field of view: depth pixel `(x, y)` covers texture texels
  /// `[x * s, (x + 1) * s) x [y * t, (y + 1) * t)` with `s = textureWidth / width`,
  /// `t = textureHeight / height`, so its intrinsics are the texture's scaled by `s` and `t`.
  ///
  /// Each value is the distance in millimetres from the camera plane (the z-depth along the
  /// camera's viewing axis, not along the pixel's ray); `0` means no valid depth.
  public struct DepthImage: Sendable, Hashable {
    /// Columns (`Image.getWidth()`).
    public let width: Int
    /// Rows (`Image.getHeight()`).
    public let height: Int
    /// `width * height` z-depths in millimetres, row-major; 0 = no valid depth.
    public let millimeters: [UInt16]

    /// Creates an image.
    ///
    /// - Throws: ``ARCoreError/depthImageSizeMismatch(width:height:count:)`` when the sizes
    ///   disagree.
    public init(width: Int, height: Int, millimeters: [UInt16]) throws(ARCoreError) {
      guard width > 0, height > 0, millimeters.count == width * height else {
        throw .depthImageSizeMismatch(width: width, height: height, count: millimeters.count)
      }
      self.width = width
      self.height = height
      self.millimeters = millimeters
    }

    /// The image of a metric z-depth map: each depth rounded to the nearest millimetre; no
    /// return (0), and depths past the format's 65.535 m, become 0 (no valid depth).
    public init(_ map: DepthMap) {
      width = map.width
      height = map.height
      millimeters = map.depthMeters.map { meters in
        let rounded = (Double(meters) * 1000).rounded()
        return rounded >= 1 && rounded <= Double(UInt16.max) ? UInt16(rounded) : 0
      }
    }

    /// The value at `(x, y)` in millimetres, or `nil` for no valid depth or outside the image.
    public func millimeters(x: Int, y: Int) -> UInt16? {
      guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
      let value = millimeters[y * width + x]
      return value > 0 ? value : nil
    }

    /// The z-depth at `(x, y)` in metres, or `nil` for no valid depth or outside the image.
    public func depthMeters(x: Int, y: Int) -> Float? {
      millimeters(x: x, y: y).map { Float($0) / 1000 }
    }
  }
}

/// A depth map as `ARDepthData.depthMap` holds it: `width` x `height` Float32 values, row-major
/// from the top-left, in the captured image's landscape orientation (depth pixel `(column, row)`
/// covers the image pixels `[column * s, (column + 1) * s) x [row * t, (row + 1) * t)` with
/// `s = imageWidth / width`, `t = imageHeight / height`).
///
/// Each value is the z-depth in metres: the distance along the camera's viewing axis (camera
/// `-z`), not along the pixel's ray; `0` means no return (nothing in range, or the sensor
/// dropped the pixel). ARKit's maps are 256 x 192 (``standardWidth`` x ``standardHeight``).
public struct DepthMap: Sendable, Hashable {
  /// ARKit's depth-map width (pixels).
  public static let standardWidth = 256
  /// ARKit's depth-map height (pixels).
  public static let standardHeight = 192

  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// `width * height` z-depths (metres, finite, >= 0; 0 = no return), row-major.
  public let depthMeters: [Float]

  /// Creates a map.
  ///
  /// - Throws: ``DepthMapError`` when the sizes disagree or a value is negative or not finite.
  public init(width: Int, height: Int, depthMeters: [Float]) throws(DepthMapError) {
    guard width > 0, height > 0, depthMeters.count == width * height else {
      throw .sizeMismatch(width: width, height: height, count: depthMeters.count)
    }
    if let bad = depthMeters.firstIndex(where: { !$0.isFinite }) {
      throw .depthNotFinite(index: bad)
    }
    if let bad = depthMeters.firstIndex(where: { $0 < 0 }) {
      throw .depthNegative(index: bad, value: depthMeters[bad])
    }
    self.width = width
    self.height = height
    self.depthMeters = depthMeters
  }

  /// The z-depth at `(column, row)` (metres), or `nil` for no return or outside the map.
  public func depthMeters(column: Int, row: Int) -> Float? {
    guard (0..<width).contains(column), (0..<height).contains(row) else { return nil }
    let value = depthMeters[row * width + column]
    return value > 0 ? value : nil
  }
}

/// Why a depth map or confidence map was refused.
public enum DepthMapError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The value count is not `width * height`, or a size is not positive.
  case sizeMismatch(width: Int, height: Int, count: Int)
  /// A depth is NaN or infinite.
  case depthNotFinite(index: Int)
  /// A depth is negative.
  case depthNegative(index: Int, value: Float)
  /// A confidence value is not 0, 1 or 2.
  case confidenceOutOfRange(index: Int, value: UInt8)
  /// The depth and confidence maps differ in size.
  case confidenceSizeMismatch

  /// What is wrong, naming the pixel.
  public var description: String {
    switch self {
    case .sizeMismatch(let w, let h, let n):
      "a \(w)x\(h) map needs \(max(w, 0) * max(h, 0)) values (and positive sizes), got \(n)"
    case .depthNotFinite(let i): "depth at pixel \(i) is not finite"
    case .depthNegative(let i, let v): "depth at pixel \(i) is negative (\(v) m)"
    case .confidenceOutOfRange(let i, let v):
      "confidence at pixel \(i) is \(v); valid: 0 (low), 1 (medium), 2 (high)"
    case .confidenceSizeMismatch: "the confidence map's size differs from the depth map's"
    }
  }
}

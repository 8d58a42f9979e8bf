extension ARCore {
  /// The confidence image of the raw depth (`Frame.acquireRawDepthConfidenceImage()`, an 8-bit
  /// `Y8` image): one value per raw depth pixel, 0 (lowest confidence) to 255 (highest),
  /// row-major like the ``DepthImage``. Pixels without a valid depth have confidence 0.
  public struct DepthConfidenceImage: Sendable, Hashable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width * height` confidences, 0...255, row-major.
    public let values: [UInt8]

    /// Creates an image.
    ///
    /// - Throws: ``ARCoreError/depthImageSizeMismatch(width:height:count:)`` when the sizes
    ///   disagree.
    public init(width: Int, height: Int, values: [UInt8]) throws(ARCoreError) {
      guard width > 0, height > 0, values.count == width * height else {
        throw .depthImageSizeMismatch(width: width, height: height, count: values.count)
      }
      self.width = width
      self.height = height
      self.values = values
    }

    /// ARCore's 0...255 value for an ARKit-style confidence level. ARCore documents only the
    /// range and its ends; the levels are spread evenly: low 85, medium 170, high 255.
    public static func value(for confidence: DepthConfidence) -> UInt8 {
      switch confidence {
      case .low: 85
      case .medium: 170
      case .high: 255
      }
    }

    /// The confidence image of depth data: ``value(for:)`` of each pixel's confidence, and 0
    /// where the depth has no return.
    public init(_ data: DepthData) {
      width = data.depthMap.width
      height = data.depthMap.height
      values = zip(data.depthMap.depthMeters, data.confidenceMap).map { depth, confidence in
        depth > 0 ? Self.value(for: confidence) : 0
      }
    }

    /// The confidence at `(x, y)`, or `nil` outside the image.
    public func value(x: Int, y: Int) -> UInt8? {
      guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
      return values[y * width + x]
    }
  }
}

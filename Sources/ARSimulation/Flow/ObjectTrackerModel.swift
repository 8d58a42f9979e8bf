/// How a simulated `VNTrackObjectRequest` errs: drift of the box, decay of its confidence and
/// loss of the object. Units are image pixels of the stored image and frames (the tracker runs
/// once per camera frame).
///
/// Per frame, the box first moves with the true image motion of the surface under its centre,
/// then its centre moves by a Gaussian of ``driftPixelsPerFrame`` per component (a random walk:
/// drift grows with the square root of the frames tracked) and its width and height are scaled
/// by `exp` of a Gaussian of ``scaleDriftPerFrame``. The confidence is multiplied by
/// `(1 - confidenceDecayPerFrame) · exp(-confidenceLossPerPixelOfMotion · |motion|)`. The object
/// is lost when the confidence falls below ``minimumConfidence``, when the box centre leaves the
/// image or sees no surface, or at random with ``lossProbabilityPerFrame``.
public struct ObjectTrackerModel: Sendable, Hashable {
  /// Why parameters were refused.
  public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A parameter is outside its range or not finite (named, with its range).
    case outOfRange(String, Double, ClosedRange<Double>)

    /// A one-line explanation naming the bad value.
    public var description: String {
      switch self {
      case .outOfRange(let name, let value, let range):
        "\(name) must be in [\(range.lowerBound), \(range.upperBound)], got \(value)"
      }
    }
  }

  /// Standard deviation of the box centre's random walk per frame and component, pixels.
  public let driftPixelsPerFrame: Double
  /// Standard deviation of the log scale change of width and height per frame.
  public let scaleDriftPerFrame: Double
  /// Fraction of the confidence lost per frame (0...1).
  public let confidenceDecayPerFrame: Double
  /// Confidence lost per pixel of image motion in a frame (the exponent's rate, >= 0).
  public let confidenceLossPerPixelOfMotion: Double
  /// Probability of losing the object in a frame (0...1).
  public let lossProbabilityPerFrame: Double
  /// The confidence below which the object counts as lost (0...1); apps commonly drop tracks
  /// below about 0.3.
  public let minimumConfidence: Double

  /// Creates a model; arguments default to the values of ``default``.
  ///
  /// - Throws: ``ConfigurationError`` naming the first parameter out of its range.
  public init(
    driftPixelsPerFrame: Double = 0.8, scaleDriftPerFrame: Double = 0.004,
    confidenceDecayPerFrame: Double = 0.01, confidenceLossPerPixelOfMotion: Double = 0.002,
    lossProbabilityPerFrame: Double = 0.002, minimumConfidence: Double = 0.3
  ) throws(ConfigurationError) {
    let checks: [(String, Double, ClosedRange<Double>)] = [
      ("driftPixelsPerFrame", driftPixelsPerFrame, 0...1000),
      ("scaleDriftPerFrame", scaleDriftPerFrame, 0...1),
      ("confidenceDecayPerFrame", confidenceDecayPerFrame, 0...1),
      ("confidenceLossPerPixelOfMotion", confidenceLossPerPixelOfMotion, 0...1000),
      ("lossProbabilityPerFrame", lossProbabilityPerFrame, 0...1),
      ("minimumConfidence", minimumConfidence, 0...1),
    ]
    for (name, value, range) in checks where !range.contains(value) {
      throw .outOfRange(name, value, range)
    }
    self.driftPixelsPerFrame = driftPixelsPerFrame
    self.scaleDriftPerFrame = scaleDriftPerFrame
    self.confidenceDecayPerFrame = confidenceDecayPerFrame
    self.confidenceLossPerPixelOfMotion = confidenceLossPerPixelOfMotion
    self.lossProbabilityPerFrame = lossProbabilityPerFrame
    self.minimumConfidence = minimumConfidence
  }

  /// The defaults: 0.8 px drift and 0.4 % scale drift per frame, 1 % confidence decay per frame
  /// plus 0.2 % per pixel of motion, a 0.2 % chance of loss per frame, lost below 0.3.
  public static let `default` = try! ObjectTrackerModel()

  /// A perfect tracker: the true motion, no drift, constant confidence, never lost while the
  /// object is in view.
  public static let perfect = try! ObjectTrackerModel(
    driftPixelsPerFrame: 0, scaleDriftPerFrame: 0, confidenceDecayPerFrame: 0,
    confidenceLossPerPixelOfMotion: 0, lossProbabilityPerFrame: 0, minimumConfidence: 0)

  /// The random values drawn per tracked frame, whatever the outcome.
  public static let drawsPerFrame = 5
}

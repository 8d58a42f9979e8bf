import SceneFormat

/// The synthetic `VNDetectContoursRequest`: the outline of each visible object's top face.
///
/// JSON (every member optional): `{"pointSpacingPixels" [6], "noisePixels" [0.7],
/// "maximumImageDimension" [512], "rateHz"}`. With `rateHz` the request runs on the first frame
/// and whenever `floor(t · rateHz)` advances (contour detection is too slow for every frame);
/// without, on every frame.
///
/// For each object whose top face lies in front of the true camera and inside the request's
/// region of interest, the face's four corners are projected; each edge is sampled every
/// `pointSpacingPixels` (image pixels), each point moved by a Gaussian of `noisePixels` per axis,
/// converted to the request's coordinates (orientation, region of interest, lower-left origin,
/// no crop) and snapped to the centres of the pixels of the image the request works on: Vision
/// scales the region so that its longer side is `maximumImageDimension` pixels
/// (`VNDetectContoursRequest.maximumImageDimension`, default 512). The contour is closed, in
/// the order of the face's corners (counter-clockwise seen from above the surface).
public struct ContourModelSpec: Sendable, Hashable {
  /// The distance between contour points along an edge, image pixels (> 0).
  public var pointSpacingPixels: Double = 6
  /// Standard deviation of each point per axis, image pixels (>= 0).
  public var noisePixels: Double = 0.7
  /// The longer side of the image the request works on, pixels (>= 16).
  public var maximumImageDimension: Double = 512
  /// How often the request runs (Hz, > 0), or `nil` for every frame.
  public var rateHz: Double?

  /// The defaults listed above.
  public init() {}

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    pointSpacingPixels =
      try object.optional("pointSpacingPixels") { value -> Double in
        let n = try value.positiveNumber()
        guard n >= 0.5, n <= 10_000 else {
          throw InputFileError(.invalidValue, "must be in [0.5, 10000]")
        }
        return n
      } ?? 6
    noisePixels =
      try object.optional("noisePixels") { try $0.number(atLeast: 0, atMost: 100) } ?? 0.7
    maximumImageDimension =
      try object.optional("maximumImageDimension") { try $0.number(atLeast: 16, atMost: 16_384) }
      ?? 512
    rateHz = try object.optional("rateHz") { try $0.number(atLeast: 0.001, atMost: 1000) }
    _ = try object.extras()
  }

  /// The JSON object (every member written; `rateHz` when set).
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "pointSpacingPixels": .number(pointSpacingPixels), "noisePixels": .number(noisePixels),
      "maximumImageDimension": .number(maximumImageDimension),
    ]
    if let rateHz { members["rateHz"] = .number(rateHz) }
    return .object(members)
  }
}

import SceneFormat

/// How the synthetic detector's model emits raw candidates before non-maximum suppression, as a
/// YOLO-style grid detector does (YOLOv3-Tiny: 416x416 input, cells of 32 and 16 pixels, several
/// anchors per cell).
///
/// JSON (every member optional, defaults in brackets): `{"anchorsPerCell" [3],
/// "neighbourCells" [4], "positionJitterPixels" [2], "sizeJitterFraction" [0.08],
/// "gridCellPixels" [32], "scoreFalloffPerCell" [2.5], "crossClassProbability" [0.03],
/// "backgroundPerFrame" [3]}`.
///
/// For each object the detector reports (its noisy box, label and confidence `c` drawn as
/// ``DetectorModelSpec`` describes, in model-input pixels), the grid cell containing the box
/// centre gives `anchorsPerCell` candidates (one per anchor box) and the first `neighbourCells`
/// of its neighbours (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1) give
/// one each (cells outside the input give none):
/// - its centre is the box centre plus a Gaussian of `positionJitterPixels × (1 + |offset|)`
///   per axis, then clamped into its cell (a cell predicts centres inside itself, so candidates
///   of neighbouring cells are pulled towards them: grid quantization);
/// - its width and height are the box's times `exp` of a Gaussian of `sizeJitterFraction` each
///   (anchor-relative size regression);
/// - its score for the object's class is `c · exp(-scoreFalloffPerCell · d²)`, with `d` the
///   length of its cell's offset (0 for the home cell, 1 or √2 for neighbours: the responsible
///   cell scores high, its neighbours low); one other class (uniform among the scene's labels)
///   gets a fifth of that times a uniform draw;
/// - with `crossClassProbability` the two swap and the other class keeps 100 % while the
///   object's class keeps 60 %: the candidate's best class is wrong (a duplicate across
///   classes that per-class NMS keeps);
/// - scores are scaled down to sum to at most 1 (Core ML's convention).
/// A missed object (``DetectorModelSpec/missProbability``) still responds, at a fifth of its
/// scores (mostly below the confidence threshold). A false positive responds like an object.
/// Each frame adds `backgroundPerFrame` boxes anywhere (2–10 % of the input per side) with one
/// class scored uniformly in 0.02...0.2.
public struct CandidateModelSpec: Sendable, Hashable {
  /// Candidates from the cell containing the box centre (1...9).
  public var anchorsPerCell = 3
  /// Neighbouring cells that give a candidate each (0...8).
  public var neighbourCells = 4
  /// Standard deviation of a candidate's centre per axis, model-input pixels (>= 0), grown by
  /// `1 + |offset|` for neighbouring cells.
  public var positionJitterPixels: Double = 2
  /// Standard deviation of the log of each size factor (>= 0).
  public var sizeJitterFraction: Double = 0.08
  /// The grid cell size, model-input pixels (> 0).
  public var gridCellPixels: Double = 32
  /// How fast the score falls with a cell's offset from the home cell (>= 0): the home cell's
  /// candidates keep `c`, a side neighbour's `exp(-2.5) = 0.08` of it (below a usual confidence
  /// threshold: only NMS-free consumers see them), a diagonal one's 0.007.
  public var scoreFalloffPerCell: Double = 2.5
  /// Probability that a candidate's best class is another class (0...1).
  public var crossClassProbability: Double = 0.03
  /// Low-scoring background candidates per frame (0...100).
  public var backgroundPerFrame = 3

  /// The neighbouring cells, in the order they give candidates.
  static let neighbourOffsets: [(Int, Int)] = [
    (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1),
  ]

  /// The cell offsets of an object's candidates, in order: the home cell once per anchor, then
  /// the neighbours.
  var cellOffsets: [(Int, Int)] {
    Array(repeating: (0, 0), count: anchorsPerCell)
      + Self.neighbourOffsets.prefix(neighbourCells)
  }

  /// The defaults listed above.
  public init() {}

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    anchorsPerCell =
      try object.optional("anchorsPerCell") { try Self.whole($0, 1...9) } ?? 3
    neighbourCells =
      try object.optional("neighbourCells") { try Self.whole($0, 0...8) } ?? 4
    positionJitterPixels =
      try object.optional("positionJitterPixels") { try $0.number(atLeast: 0, atMost: 1000) } ?? 2
    sizeJitterFraction =
      try object.optional("sizeJitterFraction") { try $0.number(atLeast: 0, atMost: 2) } ?? 0.08
    gridCellPixels =
      try object.optional("gridCellPixels") { value -> Double in
        let n = try value.positiveNumber()
        guard n <= 10_000 else { throw InputFileError(.invalidValue, "must be <= 10000") }
        return n
      } ?? 32
    scoreFalloffPerCell =
      try object.optional("scoreFalloffPerCell") { try $0.number(atLeast: 0, atMost: 100) } ?? 2.5
    crossClassProbability =
      try object.optional("crossClassProbability") { try $0.number(atLeast: 0, atMost: 1) } ?? 0.03
    backgroundPerFrame =
      try object.optional("backgroundPerFrame") { try Self.whole($0, 0...100) } ?? 3
    _ = try object.extras()
  }

  /// A whole number in `range`.
  static func whole(_ value: JSONValue, _ range: ClosedRange<Int>) throws -> Int {
    let n = try value.count()
    guard range.contains(n) else {
      throw InputFileError(
        .invalidValue, "must be a whole number in [\(range.lowerBound), \(range.upperBound)]")
    }
    return n
  }

  /// The JSON object (every member written).
  public var jsonValue: JSONValue {
    .object([
      "anchorsPerCell": .number(Double(anchorsPerCell)),
      "neighbourCells": .number(Double(neighbourCells)),
      "positionJitterPixels": .number(positionJitterPixels),
      "sizeJitterFraction": .number(sizeJitterFraction), "gridCellPixels": .number(gridCellPixels),
      "scoreFalloffPerCell": .number(scoreFalloffPerCell),
      "crossClassProbability": .number(crossClassProbability),
      "backgroundPerFrame": .number(Double(backgroundPerFrame)),
    ])
  }
}

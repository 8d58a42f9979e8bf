import ARSimulation
import Foundation

/// One depth map and its confidence map in a recording frame (`"sceneDepth"` and
/// `"smoothedSceneDepth"`): `{"width", "height", "depthFloat16LE", "confidenceUInt8"}`.
///
/// Encoding: `depthFloat16LE` is the base64 (RFC 4648, with padding) of `width * height`
/// little-endian IEEE 754 binary16 values, row-major from the top-left in the captured image's
/// landscape orientation: z-depth in metres, `0` for no return; `confidenceUInt8` is the base64
/// of one byte per pixel, `0` (low), `1` (medium) or `2` (high).
///
/// Why: a frame stays one JSON Lines line, so recordings stream frame by frame as before; the
/// size is fixed by the map size (256 x 192: 98,304 depth bytes + 49,152 confidence bytes,
/// 196,608 characters of base64 per map), not by the scene; binary16 keeps 11 significant bits
/// (an error below 0.05 % of the depth: 0.5 mm at 1 m, 2 mm at 4 m, well under LiDAR noise of
/// about a centimetre), half the bytes of Float32; decoding is a base64 pass and a table-free
/// conversion per pixel, with no number parsing. A map is bounded: at most
/// ``maximumPixelCount`` pixels, each side at most ``maximumSide``.
///
/// Validation refuses, naming the member: sizes out of range, byte counts that do not match
/// `width * height`, text that is not base64, depths that are negative or not finite (binary16
/// infinities and NaNs), and confidence bytes above 2.
public struct RecordingDepth: Sendable, Hashable {
  /// The largest side (pixels).
  public static let maximumSide = 4096
  /// The largest pixel count of one map.
  public static let maximumPixelCount = 1 << 20

  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int
  /// `width * height` z-depths (metres; 0 = no return), as the binary16 values decode.
  public var depthMeters: [Float]
  /// `width * height` confidence values (0, 1, 2).
  public var confidence: [UInt8]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a map; depths are rounded to binary16 as the file stores them. Call ``validate()``.
  public init(
    width: Int, height: Int, depthMeters: [Float], confidence: [UInt8],
    extras: [String: JSONValue] = [:]
  ) {
    self.width = width
    self.height = height
    self.depthMeters = depthMeters.map { Float(Float16($0)) }
    self.confidence = confidence
    self.extras = extras
  }

  /// The recording form of depth data.
  public init(_ data: DepthData) {
    self.init(
      width: data.depthMap.width, height: data.depthMap.height,
      depthMeters: data.depthMap.depthMeters, confidence: data.confidenceMap.map(\.rawValue))
  }

  /// The depth data (validated values).
  ///
  /// - Throws: ``InputFileError`` as ``validate()``.
  public func depthData() throws -> DepthData {
    try validate()
    do {
      return try DepthData(
        depthMap: DepthMap(width: width, height: height, depthMeters: depthMeters),
        confidenceMap: confidence.map { DepthConfidence(rawValue: $0) ?? .low })
    } catch {
      throw InputFileError(.invalidValue, error.description)
    }
  }

  /// Checks sizes, counts and values.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the map (`width`, `depthFloat16LE`,
  ///   `confidenceUInt8`), the message naming the first bad pixel.
  public func validate() throws {
    for (key, side) in [("width", width), ("height", height)]
    where !(1...Self.maximumSide).contains(side) {
      throw InputFileError(
        .invalidValue, "must be in 1...\(Self.maximumSide), got \(side)", path: [.key(key)])
    }
    let count = try Self.pixelCount(width: width, height: height)
    guard depthMeters.count == count else {
      throw InputFileError(
        .invalidValue,
        "wrong size: a \(width)x\(height) map needs \(count) depths, got \(depthMeters.count)",
        path: [.key("depthFloat16LE")])
    }
    guard confidence.count == count else {
      throw InputFileError(
        .invalidValue,
        "wrong size: a \(width)x\(height) map needs \(count) confidence bytes, got "
          + "\(confidence.count)",
        path: [.key("confidenceUInt8")])
    }
    if let i = depthMeters.firstIndex(where: { !($0.isFinite && $0 >= 0) }) {
      let value = depthMeters[i]
      let problem = value.isFinite ? "negative (\(value) m)" : "not finite (\(value))"
      throw InputFileError(
        .invalidValue,
        "depth at pixel \(i) (column \(i % width), row \(i / width)) is \(problem)",
        path: [.key("depthFloat16LE")])
    }
    if let i = confidence.firstIndex(where: { $0 > 2 }) {
      let value = confidence[i]
      throw InputFileError(
        .invalidValue,
        "confidence at pixel \(i) (column \(i % width), row \(i / width)) is \(value); valid: "
          + "0 (low), 1 (medium), 2 (high)",
        path: [.key("confidenceUInt8")])
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    width = try object.required("width") { try Self.side($0) }
    height = try object.required("height") { try Self.side($0) }
    let count = try Self.pixelCount(width: width, height: height)
    let depthBytes = try object.required("depthFloat16LE") {
      try Self.bytes($0, expected: 2 * count, what: "depth")
    }
    depthMeters = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
      depthBytes.withUnsafeBytes { raw in
        for i in 0..<count {
          let bits = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self))
          buffer[i] = Float(Float16(bitPattern: bits))
        }
      }
      initialized = count
    }
    confidence = try object.required("confidenceUInt8") {
      try Self.bytes($0, expected: count, what: "confidence")
    }
    extras = try object.extras()
    try validate()
  }

  /// `width * height`, refused over ``maximumPixelCount`` (named at `width`).
  private static func pixelCount(width: Int, height: Int) throws -> Int {
    let count = width * height
    guard count <= maximumPixelCount else {
      throw InputFileError(
        .limitExceeded, "a \(width)x\(height) depth map has more than \(maximumPixelCount) pixels",
        path: [.key("width")])
    }
    return count
  }

  /// A side length: an integer in `1...maximumSide`.
  private static func side(_ value: JSONElement) throws -> Int {
    let n = try value.number()
    guard n == n.rounded(), n >= 1, n <= Double(maximumSide) else {
      throw InputFileError(
        .invalidValue, "must be an integer in 1...\(maximumSide), got \(JSONWriter.text(of: n))")
    }
    return Int(n)
  }

  /// The bytes of a base64 string, which must number `expected`.
  private static func bytes(_ value: JSONElement, expected: Int, what: String) throws -> [UInt8] {
    let text = try value.string()
    // Refuse before decoding what cannot have the right size (bounded work on bad input).
    guard text.utf8.count == (expected + 2) / 3 * 4 else {
      throw InputFileError(
        .invalidValue,
        "wrong size: \(expected) \(what) bytes take \((expected + 2) / 3 * 4) base64 characters, "
          + "got \(text.utf8.count)")
    }
    guard let data = Data(base64Encoded: text) else {
      throw InputFileError(.invalidValue, "not base64 (RFC 4648 with padding)")
    }
    guard data.count == expected else {
      throw InputFileError(
        .invalidValue, "wrong size: expected \(expected) \(what) bytes, got \(data.count)")
    }
    return [UInt8](data)
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["width"] = .number(Double(width))
    members["height"] = .number(Double(height))
    let depthBytes = [UInt8](unsafeUninitializedCapacity: 2 * depthMeters.count) {
      buffer, initialized in
      for (i, value) in depthMeters.enumerated() {
        let bits = Float16(value).bitPattern
        buffer[2 * i] = UInt8(bits & 0xFF)
        buffer[2 * i + 1] = UInt8(bits >> 8)
      }
      initialized = 2 * depthMeters.count
    }
    members["depthFloat16LE"] = .string(Data(depthBytes).base64EncodedString())
    members["confidenceUInt8"] = .string(Data(confidence).base64EncodedString())
    return .object(members)
  }
}

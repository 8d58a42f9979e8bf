import Placement
import SceneFormat
import SceneSynthesis

extension ReplaySettings {
  /// Decodes the tracker members that apply when the tracker gets a `DetectorView` (see
  /// `MarkerTrackerConfiguration`) from `object` into `c`: the association gate and its limits,
  /// the visibility rules, lifetimes out of view, and `measurementError` (an object with
  /// `MeasurementErrorModel`'s members). `maximumDetectionDistanceMeters` and
  /// `maximumUnobservedSeconds` accept `null` (no limit).
  ///
  /// - Throws: `InputFileError` naming the member (`measurementError.latencySeconds`).
  static func decodeViewMembers(
    _ object: inout JSONObjectDecoder, into c: inout MarkerTrackerConfiguration
  ) throws {
    func optionalLimit(_ value: JSONValue) throws -> Double? {
      if case .null = value { return nil }
      return try value.positiveNumber()
    }
    if let v = try object.optional("associationGateChiSquare", { try $0.positiveNumber() }) {
      c.associationGateChiSquare = v
    }
    if let v = try object.optional("markerPositionStdMeters", { try $0.number(atLeast: 0) }) {
      c.markerPositionStdMeters = v
    }
    if let v = try object.optional(
      "maximumAssociationDistanceMeters", { try $0.positiveNumber() })
    {
      c.maximumAssociationDistanceMeters = Float(v)
    }
    if let v = try object.optional(
      "detectionMarginFraction", { try $0.number(atLeast: 0, atMost: 0.499) })
    {
      c.detectionMarginFraction = v
    }
    if let v = try object.optional(
      "maximumDetectionIncidenceDegrees", { try $0.number(atLeast: 0, atMost: 90) })
    {
      c.maximumDetectionIncidenceDegrees = v
    }
    if object.members["maximumDetectionDistanceMeters"] != nil {
      c.maximumDetectionDistanceMeters = try object.required(
        "maximumDetectionDistanceMeters", optionalLimit)
    }
    if let v = try object.optional("maximumAgingStepSeconds", { try $0.positiveNumber() }) {
      c.maximumAgingStepSeconds = v
    }
    if let v = try object.optional("maximumPredictionSeconds", { try $0.number(atLeast: 0) }) {
      c.maximumPredictionSeconds = v
    }
    if object.members["maximumUnobservedSeconds"] != nil {
      c.maximumUnobservedSeconds = try object.required("maximumUnobservedSeconds") {
        if case .null = $0 { return nil }
        return try $0.number(atLeast: 0)
      }
    }
    if let model = try object.optional("measurementError", { try Self.errorModel(from: $0) }) {
      c.measurementError = model
    }
  }

  static func errorModel(from value: JSONValue) throws -> MeasurementErrorModel {
    var object = try JSONObjectDecoder(value, strict: true)
    var model = MeasurementErrorModel()
    let nonNegative: [(String, WritableKeyPath<MeasurementErrorModel, Double>)] = [
      ("imageNoisePixels", \.imageNoisePixels), ("objectHeightMeters", \.objectHeightMeters),
      ("anchorPlaneStdMeters", \.anchorPlaneStdMeters),
      ("estimatedPlaneStdMeters", \.estimatedPlaneStdMeters), ("latencySeconds", \.latencySeconds),
    ]
    for (key, path) in nonNegative {
      if let v = try object.optional(key, { try $0.number(atLeast: 0) }) {
        model[keyPath: path] = v
      }
    }
    if let v = try object.optional("minimumStdMeters", { try $0.positiveNumber() }) {
      model.minimumStdMeters = v
    }
    if let v = try object.optional(
      "maximumIncidenceDegrees", { try $0.number(atLeast: 0, atMost: 89.999) })
    {
      model.maximumIncidenceDegrees = v
    }
    _ = try object.extras()
    return model
  }
}

/// One member of ``MarkerTrackerConfiguration`` as the registry lists it
/// (``MarkerTrackerConfiguration/settings``): its name (the Swift property name, which is also
/// the member of replay settings' `tracker` object and of a sweep grid's `trackers`; a member of
/// a nested value is named by its path, `measurementError.latencySeconds`, and sits in a nested
/// JSON object), what it means, its unit and the values it accepts (`null` too for an optional
/// property, meaning no limit).
///
/// The replay-settings decoder, the configuration's `isValid`, the JSON Schema's
/// `replayTracker` (held against it by a test) and the documentation read this table, so a
/// member is added in one place: the property and its row.
public struct TrackerSetting: Sendable {
  /// The property name (`associationGateMeters`), or the dot-separated path of a member of a
  /// nested value (`measurementError.latencySeconds`).
  public let name: String
  /// What the setting does, one sentence without the unit or range.
  public let summary: String
  /// The unit (`m`, `s`), or `nil` for counts, flags and dimensionless values.
  public let unit: String?
  /// The values it accepts.
  public let domain: Domain
  let access: Access

  /// The values a setting accepts.
  public enum Domain: Sendable, Hashable {
    /// A finite number > 0 (finite in the property's type).
    case positive
    /// A finite number >= 0.
    case nonNegative
    /// Any finite number.
    case finite
    /// A whole number in `minimum...1_000_000`.
    case integer(minimum: Int)
    /// `true` or `false`.
    case flag
    /// A finite number in `lower...upper`, or in `lower..<upper` when `includesUpper` is false.
    case interval(lower: Double, upper: Double, includesUpper: Bool)

    /// The largest whole number an `integer` setting takes.
    public static let maximumInteger = 1_000_000

    /// The interval in mathematical notation (`[0, 0.5)`), or `nil` for other domains.
    public var intervalDescription: String? {
      guard case .interval(let lower, let upper, let includesUpper) = self else { return nil }
      return "[\(TrackerSetting.text(of: lower)), \(TrackerSetting.text(of: upper))"
        + (includesUpper ? "]" : ")")
    }

    /// What a valid value must be, in `ParameterError`'s words (`finite and > 0`).
    public var requirement: String {
      switch self {
      case .positive: "finite and > 0"
      case .nonNegative: "finite and >= 0"
      case .finite: "finite"
      case .integer(let minimum): "an integer in \(minimum)...\(Self.maximumInteger)"
      case .flag: "true or false"
      case .interval: "in \(intervalDescription ?? "")"
      }
    }

    /// What a valid value looks like, for error messages.
    public var expected: String {
      switch self {
      case .positive: "a finite number > 0"
      case .nonNegative: "a finite number >= 0"
      case .finite: "a finite number"
      case .integer(let minimum): "an integer in \(minimum)...\(Self.maximumInteger)"
      case .flag: "true or false"
      case .interval: "a number in \(intervalDescription ?? "")"
      }
    }
  }

  /// A setting's value.
  public enum Value: Sendable, Hashable {
    /// A number (counts are whole numbers).
    case number(Double)
    /// A flag.
    case flag(Bool)
    /// No value: an optional setting's `nil` (JSON `null`, no limit).
    case null
  }

  /// How the row reads and writes its property.
  enum Access: Sendable {
    case float(WritableKeyPath<MarkerTrackerConfiguration, Float> & Sendable)
    case double(WritableKeyPath<MarkerTrackerConfiguration, Double> & Sendable)
    case integer(WritableKeyPath<MarkerTrackerConfiguration, Int> & Sendable)
    case flag(WritableKeyPath<MarkerTrackerConfiguration, Bool> & Sendable)
    case optionalDouble(WritableKeyPath<MarkerTrackerConfiguration, Double?> & Sendable)
  }

  init(_ name: String, _ summary: String, unit: String? = nil, domain: Domain, _ access: Access) {
    self.name = name
    self.summary = summary
    self.unit = unit
    self.domain = domain
    self.access = access
  }

  /// The JSON member path of the setting in replay settings' `tracker` object: the name's
  /// dot-separated parts (`["measurementError", "latencySeconds"]`).
  public var path: [String] { name.split(separator: ".").map(String.init) }

  /// Whether the property is optional: `nil` (JSON `null`) is a valid value, meaning no limit.
  public var isOptional: Bool {
    if case .optionalDouble = access { true } else { false }
  }

  /// The setting's value in `configuration`.
  public func value(in configuration: MarkerTrackerConfiguration) -> Value {
    switch access {
    case .float(let path): .number(Double(configuration[keyPath: path]))
    case .double(let path): .number(configuration[keyPath: path])
    case .integer(let path): .number(Double(configuration[keyPath: path]))
    case .flag(let path): .flag(configuration[keyPath: path])
    case .optionalDouble(let path): configuration[keyPath: path].map(Value.number) ?? .null
    }
  }

  /// Whether `value` is in the domain (for `Float` properties: also finite as a `Float`; for
  /// optional ones: also `null`).
  public func accepts(_ value: Value) -> Bool {
    switch (domain, value) {
    case (_, .null): return isOptional
    case (.flag, .flag): return true
    case (.flag, _), (_, .flag): return false
    case (_, .number(let n)):
      guard n.isFinite else { return false }
      if case .float = access, !Float(n).isFinite { return false }
      switch domain {
      case .positive: return n > 0
      case .nonNegative: return n >= 0
      case .finite: return true
      case .integer(let minimum):
        return n == n.rounded() && n >= Double(minimum) && n <= Double(Domain.maximumInteger)
      case .interval(let lower, let upper, let includesUpper):
        return n >= lower && (includesUpper ? n <= upper : n < upper)
      case .flag: return false
      }
    }
  }

  /// Sets the property to `value`.
  ///
  /// - Returns: `false` (and changes nothing) when `value` is not in the domain.
  @discardableResult
  public func set(_ value: Value, in configuration: inout MarkerTrackerConfiguration) -> Bool {
    guard accepts(value) else { return false }
    switch (access, value) {
    case (.float(let path), .number(let n)): configuration[keyPath: path] = Float(n)
    case (.double(let path), .number(let n)): configuration[keyPath: path] = n
    case (.integer(let path), .number(let n)): configuration[keyPath: path] = Int(n)
    case (.flag(let path), .flag(let flag)): configuration[keyPath: path] = flag
    case (.optionalDouble(let path), .number(let n)): configuration[keyPath: path] = n
    case (.optionalDouble(let path), .null): configuration[keyPath: path] = nil
    default: return false
    }
    return true
  }

  /// What `value`, which ``accepts(_:)`` refused, fails: the domain's requirement, or for an
  /// integer the bound it crosses (`>= 1`, `<= 1000000`, `a whole number`).
  public func requirement(refusing value: Value) -> String {
    guard case .integer(let minimum) = domain, case .number(let n) = value else {
      return domain.requirement
    }
    if n != n.rounded() { return "a whole number" }
    return n < Double(minimum) ? ">= \(minimum)" : "<= \(Domain.maximumInteger)"
  }

  /// The default value as text (`0.012`, `3`, `false`, `null`).
  public var defaultDescription: String { text(of: value(in: MarkerTrackerConfiguration())) }

  /// A value as text, in the property's own precision (`0.012`, `3`, `false`, `null`).
  public func text(of value: Value) -> String {
    switch value {
    case .flag(let flag): "\(flag)"
    case .null: "null"
    case .number(let n):
      if case .float = access, !(n == n.rounded() && abs(n) < 1e15) {
        "\(Float(n))"
      } else {
        Self.text(of: n)
      }
    }
  }

  /// A number as text: whole numbers without a fraction (`90`), others as Swift prints them.
  static func text(of n: Double) -> String {
    n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(n)"
  }
}

extension MarkerTrackerConfiguration {
  /// The registry of tracker settings: one row per property (per member of
  /// ``measurementError``), in declaration order.
  public static let settings: [TrackerSetting] =
    baseSettings + measurementErrorSettings + viewSettings

  /// The settings that apply with or without a view.
  static let baseSettings: [TrackerSetting] = [
    TrackerSetting(
      "associationGateMeters",
      "Without a view: a measurement is assigned to a marker only with the marker's label and "
        + "within this distance of its predicted position (also the duplicate and rigid-layout "
        + "distance)", unit: "m", domain: .positive,
      .float(\.associationGateMeters)),
    TrackerSetting(
      "confirmationHitCount", "Consecutive hits that confirm a tentative marker",
      domain: .integer(minimum: 1), .integer(\.confirmationHitCount)),
    TrackerSetting(
      "maximumCoastSeconds",
      "An established marker missed for longer is removed (with a view: counting only frames in "
        + "which it should have been detected)", unit: "s", domain: .nonNegative,
      .double(\.maximumCoastSeconds)),
    TrackerSetting(
      "reanchorMeasurementCount",
      "Mutually consistent rejected measurements that re-anchor an established marker",
      domain: .integer(minimum: 1), .integer(\.reanchorMeasurementCount)),
    TrackerSetting(
      "reanchorSearchRadiusMeters",
      "Rejected measurements within this distance of an unmatched established marker count as "
        + "evidence against its position", unit: "m", domain: .nonNegative,
      .float(\.reanchorSearchRadiusMeters)),
    TrackerSetting(
      "reanchorConsistencyMeters",
      "Rejected measurements are consistent when each lies within this distance of their mean "
        + "(with a view: or within the 99 % bound of its own expected error)",
      unit: "m", domain: .positive, .float(\.reanchorConsistencyMeters)),
    TrackerSetting(
      "minimumConfidence", "Measurements with a lower confidence are ignored",
      domain: .finite, .float(\.minimumConfidence)),
    TrackerSetting(
      "spreadTimeConstantSeconds", "Time constant of the spread estimate", unit: "s",
      domain: .positive, .double(\.spreadTimeConstantSeconds)),
    TrackerSetting(
      "rigidLayout",
      "All markers sit on one rigid object: a jump seen by several markers moves them all",
      domain: .flag, .flag(\.rigidLayout)),
    TrackerSetting(
      "rigidMinimumSupport", "In rigid-layout mode, measurements that must agree on a shared jump",
      domain: .integer(minimum: 1), .integer(\.rigidMinimumSupport)),
  ]

  /// The members of ``measurementError`` (`MeasurementErrorModel`), each named
  /// `measurementError.<member>`.
  static let measurementErrorSettings: [TrackerSetting] = [
    TrackerSetting(
      "measurementError.imageNoisePixels",
      "Error model: standard deviation of the detection's anchor point in the image",
      unit: "px", domain: .nonNegative, .double(\.measurementError.imageNoisePixels)),
    TrackerSetting(
      "measurementError.objectHeightMeters",
      "Error model: height of the objects above their surface (the box centre's ray meets the "
        + "surface beyond the object when seen obliquely)", unit: "m", domain: .nonNegative,
      .double(\.measurementError.objectHeightMeters)),
    TrackerSetting(
      "measurementError.anchorPlaneStdMeters",
      "Error model: standard deviation of a plane anchor along its normal", unit: "m",
      domain: .nonNegative, .double(\.measurementError.anchorPlaneStdMeters)),
    TrackerSetting(
      "measurementError.estimatedPlaneStdMeters",
      "Error model: standard deviation of an estimated (or unknown) surface along its normal",
      unit: "m", domain: .nonNegative, .double(\.measurementError.estimatedPlaneStdMeters)),
    TrackerSetting(
      "measurementError.latencySeconds",
      "Error model: time between the camera pose and the image the detector saw (scales the "
        + "camera-speed term)", unit: "s", domain: .nonNegative,
      .double(\.measurementError.latencySeconds)),
    TrackerSetting(
      "measurementError.minimumStdMeters",
      "Error model: the smallest standard deviation in any direction", unit: "m",
      domain: .positive, .double(\.measurementError.minimumStdMeters)),
    TrackerSetting(
      "measurementError.maximumIncidenceDegrees",
      "Error model: the steepest viewing angle from the surface normal it accounts for "
        + "(steeper views count as this angle)", unit: "deg",
      domain: .interval(lower: 0, upper: 90, includesUpper: false),
      .double(\.measurementError.maximumIncidenceDegrees)),
  ]

  /// The settings that apply when the tracker gets the frame's `DetectorView`.
  static let viewSettings: [TrackerSetting] = [
    TrackerSetting(
      "associationGateChiSquare",
      "With a view: a measurement is assigned to a marker with its label when the squared "
        + "Mahalanobis distance of the residual under (expected error + marker uncertainty) is at "
        + "most this (16.27: 99.9 % of chi-square with 3 degrees of freedom)",
      domain: .positive, .double(\.associationGateChiSquare)),
    TrackerSetting(
      "markerPositionStdMeters",
      "With a view: uncertainty of a marker's estimate (per axis) added to each measurement's "
        + "expected error for gating", unit: "m", domain: .nonNegative,
      .double(\.markerPositionStdMeters)),
    TrackerSetting(
      "maximumAssociationDistanceMeters",
      "With a view: the gate never reaches beyond this distance, however large the expected error",
      unit: "m", domain: .positive, .float(\.maximumAssociationDistanceMeters)),
    TrackerSetting(
      "detectionMarginFraction",
      "With a view: a marker should have been detected only when it projects inside the detected "
        + "part of the image shrunk by this fraction of its size on every side",
      domain: .interval(lower: 0, upper: 0.5, includesUpper: false),
      .double(\.detectionMarginFraction)),
    TrackerSetting(
      "maximumDetectionIncidenceDegrees",
      "With a view: a marker should have been detected only when the view is at most this far "
        + "from its surface's normal (markers without a known normal pass)",
      unit: "deg", domain: .interval(lower: 0, upper: 90, includesUpper: true),
      .double(\.maximumDetectionIncidenceDegrees)),
    TrackerSetting(
      "maximumDetectionDistanceMeters",
      "With a view: a marker should have been detected only when it is at most this far from "
        + "the camera", unit: "m", domain: .positive,
      .optionalDouble(\.maximumDetectionDistanceMeters)),
    TrackerSetting(
      "maximumAgingStepSeconds",
      "With a view: a missed frame in which a marker should have been detected ages it by the "
        + "time since the previous frame, but by at most this", unit: "s", domain: .positive,
      .double(\.maximumAgingStepSeconds)),
    TrackerSetting(
      "maximumPredictionSeconds",
      "With a view: a marker not hit for longer is predicted where it is (no velocity "
        + "extrapolation), so a returning object is looked for where its marker was anchored",
      unit: "s", domain: .nonNegative, .double(\.maximumPredictionSeconds)),
    TrackerSetting(
      "maximumUnobservedSeconds",
      "With a view: an established marker without hits for longer is removed even when it was "
        + "never expected to be seen (`null`: out of view it stays, like an ARKit anchor)",
      unit: "s", domain: .nonNegative, .optionalDouble(\.maximumUnobservedSeconds)),
  ]

  /// The row named `name`, or `nil`.
  public static func setting(named name: String) -> TrackerSetting? {
    settings.first { $0.name == name }
  }
}

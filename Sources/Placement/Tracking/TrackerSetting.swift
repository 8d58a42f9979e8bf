/// One member of ``MarkerTrackerConfiguration`` as the registry lists it
/// (``MarkerTrackerConfiguration/settings``): its name (the Swift property name, which is also
/// the member of replay settings' `tracker` object and of a sweep grid's `trackers`), what it
/// means, its unit and the values it accepts.
///
/// The replay-settings decoder, the configuration's `isValid`, the JSON Schema's
/// `replayTracker` (held against it by a test) and the documentation read this table, so a
/// member is added in one place: the property and its row.
public struct TrackerSetting: Sendable {
  /// The property name (`associationGateMeters`).
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

    /// The largest whole number an `integer` setting takes.
    public static let maximumInteger = 1_000_000

    /// What a valid value must be, in `ParameterError`'s words (`finite and > 0`).
    public var requirement: String {
      switch self {
      case .positive: "finite and > 0"
      case .nonNegative: "finite and >= 0"
      case .finite: "finite"
      case .integer(let minimum): "an integer in \(minimum)...\(Self.maximumInteger)"
      case .flag: "true or false"
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
      }
    }
  }

  /// A setting's value.
  public enum Value: Sendable, Hashable {
    /// A number (counts are whole numbers).
    case number(Double)
    /// A flag.
    case flag(Bool)
  }

  /// How the row reads and writes its property.
  enum Access: Sendable {
    case float(WritableKeyPath<MarkerTrackerConfiguration, Float> & Sendable)
    case double(WritableKeyPath<MarkerTrackerConfiguration, Double> & Sendable)
    case integer(WritableKeyPath<MarkerTrackerConfiguration, Int> & Sendable)
    case flag(WritableKeyPath<MarkerTrackerConfiguration, Bool> & Sendable)
  }

  init(_ name: String, _ summary: String, unit: String? = nil, domain: Domain, _ access: Access) {
    self.name = name
    self.summary = summary
    self.unit = unit
    self.domain = domain
    self.access = access
  }

  /// The setting's value in `configuration`.
  public func value(in configuration: MarkerTrackerConfiguration) -> Value {
    switch access {
    case .float(let path): .number(Double(configuration[keyPath: path]))
    case .double(let path): .number(configuration[keyPath: path])
    case .integer(let path): .number(Double(configuration[keyPath: path]))
    case .flag(let path): .flag(configuration[keyPath: path])
    }
  }

  /// Whether `value` is in the domain (for `Float` properties: also finite as a `Float`).
  public func accepts(_ value: Value) -> Bool {
    switch (domain, value) {
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

  /// The default value as text (`0.012`, `3`, `false`).
  public var defaultDescription: String { text(of: value(in: MarkerTrackerConfiguration())) }

  /// A value as text, in the property's own precision (`0.012`, `3`, `false`).
  public func text(of value: Value) -> String {
    switch value {
    case .flag(let flag): "\(flag)"
    case .number(let n):
      if n == n.rounded(), abs(n) < 1e15 {
        "\(Int(n))"
      } else if case .float = access {
        "\(Float(n))"
      } else {
        "\(n)"
      }
    }
  }
}

extension MarkerTrackerConfiguration {
  /// The registry of tracker settings: one row per property, in declaration order.
  public static let settings: [TrackerSetting] = [
    TrackerSetting(
      "associationGateMeters",
      "A measurement is assigned to a marker only with the marker's label and within this "
        + "distance of its predicted position", unit: "m", domain: .positive,
      .float(\.associationGateMeters)),
    TrackerSetting(
      "confirmationHitCount", "Consecutive hits that confirm a tentative marker",
      domain: .integer(minimum: 1), .integer(\.confirmationHitCount)),
    TrackerSetting(
      "maximumCoastSeconds", "An established marker without hits for longer is removed",
      unit: "s", domain: .nonNegative, .double(\.maximumCoastSeconds)),
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
      "Rejected measurements are consistent when each lies within this distance of their mean",
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

  /// The row named `name`, or `nil`.
  public static func setting(named name: String) -> TrackerSetting? {
    settings.first { $0.name == name }
  }
}

import Placement

/// A ``MarkerPlacer`` built from ``PlacementSteps``: each frame, every observation the steps
/// place becomes a measurement (its top label, world point and confidence), and the package's
/// `MarkerTracker` (default configuration, `AnyPositionFilter.trackingDefault`) smooths them into
/// markers. With ``ReferenceSteps`` it is the correct placer; with a catalogue mistake's steps, the
/// wrong one.
public struct StepPlacer: MarkerPlacer {
  /// The placement steps.
  public private(set) var steps: any PlacementSteps
  var tracker: MarkerTracker<AnyPositionFilter>

  /// A placer running `steps`, smoothing with `tracker` (default configuration when `nil`).
  public init(
    steps: any PlacementSteps = ReferenceSteps(),
    tracker: MarkerTracker<AnyPositionFilter>? = nil
  ) {
    self.steps = steps
    if let tracker {
      self.tracker = tracker
    } else {
      do {
        self.tracker = try MarkerTracker(filterPrototype: AnyPositionFilter.trackingDefault)
      } catch {
        preconditionFailure("the default tracker configuration is valid: \(error)")
      }
    }
  }

  /// The correct placer: ``ReferenceSteps`` and the default tracker.
  public static var reference: StepPlacer { StepPlacer() }

  /// Places every observation with the steps and updates the tracker. A frame that is not a
  /// detector frame for the steps (``PlacementSteps/isDetectorFrame(_:)``) and has nothing to
  /// place (between the results of a detector running below the frame rate) leaves the tracker
  /// as it was: it takes detector frames.
  public mutating func markers(for frame: SimulatedFrame) -> [PlacedMarker] {
    let observations = steps.observations(in: frame)
    guard steps.isDetectorFrame(frame) || !observations.isEmpty else {
      steps.didPlace(frame)
      return tracker.markers.map(PlacedMarker.init)
    }
    var measurements: [MarkerMeasurement] = []
    for observation in observations {
      guard let position = steps.worldPosition(of: observation, in: frame) else { continue }
      measurements.append(
        MarkerMeasurement(
          label: observation.labels.first?.identifier ?? observation.label, position: position,
          confidence: observation.confidence))
    }
    steps.didPlace(frame)
    return tracker.update(measurements: measurements, timestampSeconds: frame.timestamp)
      .map(PlacedMarker.init)
  }
}

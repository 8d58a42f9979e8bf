import SessionSimulation

/// The app's own smoothing: one marker per button, following its hits with an exponential
/// average; shown from its third hit, hidden after a second without one.
public struct ButtonMarkerSmoother: Sendable {
  struct Marker: Sendable {
    var id: Int
    var label: String
    var position: SIMD3<Float>
    var hits: Int
    var lastHitSeconds: Double
  }

  /// Hits farther than this from a marker of their label start a new marker, metres.
  public var associationRadiusMeters: Float = 0.03
  /// The weight of a new hit in the average.
  public var smoothing: Float = 0.25
  var markers: [Marker] = []
  var nextID = 1

  /// An empty smoother.
  public init() {}

  /// Takes one frame's hits (label, world point) and returns the markers (tentative until their
  /// third hit).
  public mutating func update(
    with hits: [(label: String, position: SIMD3<Float>)], at seconds: Double
  ) -> [PlacedMarker] {
    var taken = Set<Int>()
    for hit in hits {
      let candidates = markers.indices.filter {
        !taken.contains($0) && markers[$0].label == hit.label
          && markers[$0].position.distance(to: hit.position) < associationRadiusMeters
      }
      if let index = candidates.min(by: {
        markers[$0].position.distance(to: hit.position)
          < markers[$1].position.distance(to: hit.position)
      }) {
        markers[index].position += smoothing * (hit.position - markers[index].position)
        markers[index].hits += 1
        markers[index].lastHitSeconds = seconds
        taken.insert(index)
      } else {
        markers.append(
          Marker(
            id: nextID, label: hit.label, position: hit.position, hits: 1, lastHitSeconds: seconds))
        taken.insert(markers.count - 1)
        nextID += 1
      }
    }
    markers.removeAll { seconds - $0.lastHitSeconds > 1 }
    return markers.map {
      PlacedMarker(
        id: .number($0.id), label: $0.label, position: $0.position,
        state: $0.hits >= 3 ? ($0.lastHitSeconds == seconds ? .confirmed : .coasting) : .tentative)
    }
  }
}

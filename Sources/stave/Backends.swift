import StaveComposition
import StaveMIDI
import StaveDomain
import StavePianoRoll
import StaveMusicXML

extension OutputFormat {
    /// The backend behind each format: the one place backends are chosen.
    var backend: any Backend {
        switch self {
        case .midi: return MIDIFileWriter()
        case .song: return SongDocumentBackend()
        case .roll: return PianoRollRenderer()
        case .musicxml: return MusicXMLWriter()
        }
    }
}

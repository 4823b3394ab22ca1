import StaveComposition
import StaveMIDI
import StaveDomain
import StavePianoRoll
import StaveMusicXML

extension OutputFormat {
    /// The backend behind each format: the one place backends are chosen.
    var backend: any Backend { backend(prettySave: false) }

    /// The backend behind each format; `prettySave` asks the save format for indented JSON
    /// (`stave compile --pretty`) instead of compact JSON.
    func backend(prettySave: Bool) -> any Backend {
        switch self {
        case .midi: return MIDIFileWriter()
        case .song: return SongDocumentBackend(layout: prettySave ? .pretty : .compact)
        case .roll: return PianoRollRenderer()
        case .musicxml: return MusicXMLWriter()
        }
    }
}

// swift-tools-version:5.9
// Stave — a compiler for a text score language. No third-party packages: toolchain only.
//
// The modules follow the pipeline, left to right:
//   StaveSyntax → StaveComposition → (StaveMIDI | StaveDomain | StavePrinter | StavePianoRoll | StaveMusicXML)
//   StaveSyntax → StaveFormatter (the lossless tree laid out; StavePrinter writes its layout)
// and back from MIDI: StaveMIDIImport (Standard MIDI File → Composition),
// and `stave` is the one composition root that wires them.
import PackageDescription

let package = Package(
    name: "Stave",
    products: [
        .executable(name: "stave", targets: ["stave"]),
        .library(name: "StaveSyntax", targets: ["StaveSyntax"]),
        .library(name: "StaveComposition", targets: ["StaveComposition"]),
        .library(name: "StaveMIDI", targets: ["StaveMIDI"]),
        .library(name: "StaveDomain", targets: ["StaveDomain"]),
        .library(name: "StavePrinter", targets: ["StavePrinter"]),
        .library(name: "StavePianoRoll", targets: ["StavePianoRoll"]),
        .library(name: "StaveFormatter", targets: ["StaveFormatter"]),
        .library(name: "StaveLanguageServer", targets: ["StaveLanguageServer"]),
        .library(name: "StaveAudio", targets: ["StaveAudio"]),
        .library(name: "StaveMusicXML", targets: ["StaveMusicXML"]),
        .library(name: "StaveMIDIImport", targets: ["StaveMIDIImport"]),
        .library(name: "StaveMusicXMLImport", targets: ["StaveMusicXMLImport"]),
        .library(name: "StavePreview", targets: ["StavePreview"]),
    ],
    // Every target lists each module it imports (checked by grepping `import` lines), so no
    // target builds only because a dependency happens to pull a module in.
    targets: [
        // JSON: the one reader (streaming, with paths in errors), value, writer and string escaping,
        // for the save format, the language server's messages and `--diagnostics json`.
        .target(name: "StaveJSON"),
        // Text → tokens → syntax tree, with diagnostics.
        .target(name: "StaveSyntax", dependencies: ["StaveJSON"]),
        // Syntax tree → checked Composition tree (exact rational time), performance expansion.
        .target(name: "StaveComposition", dependencies: ["StaveSyntax"]),
        // Composition → Standard MIDI File.
        .target(name: "StaveMIDI", dependencies: ["StaveComposition"]),
        // Composition ⇄ the versioned JSON save format, with migrations.
        .target(name: "StaveDomain", dependencies: ["StaveJSON", "StaveSyntax", "StaveComposition"], exclude: ["FORMAT.md"]),
        // Composition → canonical Stave text (in the formatter's layout).
        .target(name: "StavePrinter", dependencies: ["StaveSyntax", "StaveComposition", "StaveFormatter"]),
        // Composition → ASCII piano roll.
        .target(name: "StavePianoRoll", dependencies: ["StaveSyntax", "StaveComposition"], exclude: ["ROLL.md"]),
        // Lossless syntax tree → the canonical layout (`stave fmt`).
        .target(name: "StaveFormatter", dependencies: ["StaveSyntax"]),
        // The language server: LSP messages in, messages out (`stave lsp` does the I/O).
        .target(name: "StaveLanguageServer", dependencies: ["StaveJSON", "StaveSyntax", "StaveComposition", "StaveFormatter"]),
        // The pure half of hearing a song: FluidSynth's command lines, soundfont search, WAV
        // length fitting, the playing bar from the tempo map (FluidSynth itself runs outside).
        .target(name: "StaveAudio", dependencies: ["StaveComposition"]),
        // Composition → MusicXML 3.1 sheet music.
        .target(name: "StaveMusicXML", dependencies: ["StaveSyntax", "StaveComposition"]),
        // Standard MIDI File → Composition (which StavePrinter writes as Stave text).
        .target(name: "StaveMIDIImport", dependencies: ["StaveSyntax", "StaveComposition"]),
        // MusicXML (`.musicxml`, `.mxl`) → Composition, through the MIDI import's layout.
        .target(name: "StaveMusicXMLImport", dependencies: ["StaveSyntax", "StaveComposition", "StaveMusicXML", "StaveMIDIImport"]),
        // `stave preview`'s pure half: HTTP requests read within limits, routes, the page and its updates.
        .target(name: "StavePreview", dependencies: ["StaveJSON", "StaveSyntax"]),
        // The composition root: the only place that reads files and writes output.
        .executableTarget(name: "stave", dependencies: ["StaveSyntax", "StaveComposition", "StaveMIDI", "StaveDomain", "StavePrinter", "StavePianoRoll", "StaveFormatter", "StaveAudio", "StaveLanguageServer", "StaveMusicXML", "StaveMIDIImport", "StaveMusicXMLImport", "StavePreview"]),
        // Test-only helpers shared by the test targets (a seeded random number generator).
        .target(name: "StaveTestSupport", path: "Tests/StaveTestSupport"),
        .testTarget(name: "StaveSyntaxTests", dependencies: ["StaveSyntax"]),
        .testTarget(name: "StaveCompositionTests", dependencies: ["StaveSyntax", "StaveComposition", "StaveTestSupport"]),
        .testTarget(name: "StaveMIDITests", dependencies: ["StaveSyntax", "StaveComposition", "StaveMIDI"]),
        .testTarget(name: "StaveDomainTests", dependencies: ["StaveSyntax", "StaveComposition", "StaveDomain", "StavePrinter", "StaveMIDI", "StaveJSON", "StaveTestSupport"]),
        .testTarget(name: "StaveCLITests", dependencies: ["stave"]),
        .testTarget(name: "StaveAudioTests", dependencies: ["StaveComposition", "StaveAudio"]),
        .testTarget(name: "StavePianoRollTests", dependencies: ["StaveSyntax", "StaveComposition", "StavePianoRoll"]),
        .testTarget(name: "StaveFormatterTests", dependencies: ["StaveSyntax", "StaveComposition", "StaveMIDI", "StavePrinter", "StaveFormatter", "StaveTestSupport"]),
        .testTarget(name: "StaveLanguageServerTests", dependencies: ["StaveJSON", "StaveLanguageServer", "StaveTestSupport"]),
        .testTarget(name: "StaveMusicXMLTests", dependencies: ["StaveSyntax", "StaveComposition", "StaveMusicXML"]),
        .testTarget(name: "StaveMIDIImportTests", dependencies: ["StaveSyntax", "StaveComposition", "StaveMIDI", "StavePrinter", "StaveMIDIImport", "StaveTestSupport"]),
        .testTarget(name: "StaveMusicXMLImportTests", dependencies: ["StaveSyntax", "StaveComposition", "StavePrinter", "StaveMusicXMLImport"]),
        .testTarget(name: "StavePreviewTests", dependencies: ["StaveSyntax", "StavePreview"]),
        .testTarget(name: "StaveGrammarTests", dependencies: ["StaveSyntax", "StaveComposition", "StaveTestSupport"]),
    ]
)

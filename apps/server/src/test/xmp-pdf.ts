import * as mupdf from 'mupdf';

/** An XMP packet with these properties in its one description, as a publisher's PDF carries it. */
export function xmpPacket(properties: string): string {
  return `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="">${properties}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

/** The PDF with an XMP metadata stream in its catalogue. */
export function withXmp(bytes: Uint8Array, xmp: string): Uint8Array {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const pdf = document.asPDF();
    if (!pdf) throw new Error('not a PDF');
    const dictionary = pdf.newDictionary();
    dictionary.put('Type', pdf.newName('Metadata'));
    dictionary.put('Subtype', pdf.newName('XML'));
    pdf.getTrailer().get('Root').put('Metadata', pdf.addStream(xmp, dictionary));
    return pdf.saveToBuffer('').asUint8Array().slice();
  } finally {
    document.destroy();
  }
}

/**
 * Italian CSL terms. citation-js bundles no Italian locale; citeproc fills any term missing here from
 * en-US, so this holds the terms Quire's styles print. Written for Quire from the CSL 1.0.2 locale schema.
 */
export const IT_IT_LOCALE = `<?xml version="1.0" encoding="utf-8"?>
<locale xmlns="http://purl.org/net/xbiblio/csl" version="1.0" xml:lang="it-IT">
  <style-options punctuation-in-quote="false"/>
  <date form="text">
    <date-part name="day" suffix=" "/>
    <date-part name="month" suffix=" "/>
    <date-part name="year"/>
  </date>
  <date form="numeric">
    <date-part name="day" form="numeric-leading-zeros" suffix="/"/>
    <date-part name="month" form="numeric-leading-zeros" suffix="/"/>
    <date-part name="year"/>
  </date>
  <terms>
    <term name="open-quote">«</term>
    <term name="close-quote">»</term>
    <term name="open-inner-quote">“</term>
    <term name="close-inner-quote">”</term>
    <term name="and">e</term>
    <term name="et-al">et al.</term>
    <term name="and others">e altri</term>
    <term name="anonymous">anonimo</term>
    <term name="anonymous" form="short">anon.</term>
    <term name="no date">senza data</term>
    <term name="no date" form="short">s.d.</term>
    <term name="in">in</term>
    <term name="accessed">consultato</term>
    <term name="retrieved">recuperato</term>
    <term name="from">da</term>
    <term name="available at">disponibile su</term>
    <term name="online">online</term>
    <term name="preprint">preprint</term>
    <term name="edition">
      <single>edizione</single>
      <multiple>edizioni</multiple>
    </term>
    <term name="edition" form="short">ed.</term>
    <term name="page">
      <single>pagina</single>
      <multiple>pagine</multiple>
    </term>
    <term name="page" form="short">
      <single>p.</single>
      <multiple>pp.</multiple>
    </term>
    <term name="volume">
      <single>volume</single>
      <multiple>volumi</multiple>
    </term>
    <term name="volume" form="short">
      <single>vol.</single>
      <multiple>voll.</multiple>
    </term>
    <term name="issue">
      <single>numero</single>
      <multiple>numeri</multiple>
    </term>
    <term name="issue" form="short">
      <single>n.</single>
      <multiple>nn.</multiple>
    </term>
    <term name="editor">
      <single>curatore</single>
      <multiple>curatori</multiple>
    </term>
    <term name="editor" form="short">
      <single>a c. di</single>
      <multiple>a c. di</multiple>
    </term>
    <term name="month-01">gennaio</term>
    <term name="month-02">febbraio</term>
    <term name="month-03">marzo</term>
    <term name="month-04">aprile</term>
    <term name="month-05">maggio</term>
    <term name="month-06">giugno</term>
    <term name="month-07">luglio</term>
    <term name="month-08">agosto</term>
    <term name="month-09">settembre</term>
    <term name="month-10">ottobre</term>
    <term name="month-11">novembre</term>
    <term name="month-12">dicembre</term>
  </terms>
</locale>`;

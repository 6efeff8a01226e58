/**
 * IEEE Reference Style (IEEE Editorial Style Manual, 2023): numbered citations "[1]" in order of first
 * use, "[1, p. 4]" with a page, and a numbered list with initials first and titles in quotes.
 * Written for Quire from the CSL 1.0.2 specification and the IEEE reference guide.
 */
export const IEEE = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" demote-non-dropping-particle="sort-only" default-locale="en-US">
  <info>
    <title>IEEE (Quire)</title>
    <id>https://quire.app/csl/ieee</id>
    <updated>2025-01-01T00:00:00+00:00</updated>
  </info>
  <macro name="author">
    <names variable="author">
      <name initialize-with=". " and="text" delimiter=", " delimiter-precedes-last="contextual" delimiter-precedes-et-al="never" et-al-min="7" et-al-use-first="1"/>
      <et-al font-style="italic"/>
      <substitute>
        <names variable="editor"/>
      </substitute>
    </names>
  </macro>
  <macro name="title">
    <choose>
      <if type="book thesis report" match="any">
        <text variable="title" text-case="title" font-style="italic"/>
      </if>
      <else>
        <text variable="title" quotes="true"/>
      </else>
    </choose>
  </macro>
  <macro name="year">
    <date variable="issued">
      <date-part name="year"/>
    </date>
  </macro>
  <macro name="journal">
    <group delimiter=", ">
      <text variable="container-title" font-style="italic"/>
      <group delimiter=" ">
        <text term="volume" form="short"/>
        <text variable="volume"/>
      </group>
      <group delimiter=" ">
        <text term="issue" form="short"/>
        <text variable="issue"/>
      </group>
      <group delimiter=" ">
        <label variable="page" form="short"/>
        <text variable="page"/>
      </group>
      <text macro="year"/>
      <text variable="DOI" prefix="doi: "/>
    </group>
  </macro>
  <macro name="book">
    <group delimiter=", ">
      <group delimiter=": ">
        <text variable="publisher-place"/>
        <text variable="publisher"/>
      </group>
      <text macro="year"/>
    </group>
  </macro>
  <citation collapse="citation-number">
    <sort>
      <key variable="citation-number"/>
    </sort>
    <layout prefix="[" suffix="]" delimiter=", ">
      <group delimiter=", ">
        <text variable="citation-number"/>
        <group delimiter=" ">
          <label variable="locator" form="short"/>
          <text variable="locator"/>
        </group>
      </group>
    </layout>
  </citation>
  <bibliography entry-spacing="0" second-field-align="flush">
    <layout>
      <text variable="citation-number" prefix="[" suffix="] "/>
      <choose>
        <if type="webpage post-weblog" match="any">
          <group delimiter=", ">
            <text macro="author"/>
            <text variable="title" quotes="true"/>
            <text variable="container-title"/>
          </group>
          <text variable="URL" prefix=". [Online]. Available: "/>
        </if>
        <else-if type="book thesis report" match="any">
          <group delimiter=". " suffix=".">
            <group delimiter=", ">
              <text macro="author"/>
              <text macro="title"/>
            </group>
            <text macro="book"/>
          </group>
          <text variable="DOI" prefix=" doi: " suffix="."/>
        </else-if>
        <else>
          <group delimiter=", " suffix=".">
            <text macro="author"/>
            <text macro="title"/>
            <text macro="journal"/>
          </group>
          <choose>
            <if variable="DOI" match="none">
              <text variable="URL" prefix=" [Online]. Available: "/>
            </if>
          </choose>
        </else>
      </choose>
    </layout>
  </bibliography>
</style>`;

/**
 * DIN 1505-2 in its common author-year form: "(Müller/Smith 2020, S. 4)" in the text, and a list with
 * family names in capitals (the standard's substitute for small capitals), given names after a comma,
 * authors joined by " ; " in the list and "/" in the text, the year after the names, and "In:" before the containing work.
 * Written for Quire from the CSL 1.0.2 specification and the standard's published rules.
 */
export const DIN_1505_2 = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" demote-non-dropping-particle="never" default-locale="de-DE">
  <info>
    <title>DIN 1505-2, author-year (Quire)</title>
    <id>https://quire.app/csl/din-1505-2</id>
    <updated>2025-01-01T00:00:00+00:00</updated>
  </info>
  <macro name="author">
    <names variable="author">
      <name name-as-sort-order="all" sort-separator=", " delimiter=" ; " delimiter-precedes-last="always">
        <name-part name="family" text-case="uppercase"/>
      </name>
      <substitute>
        <names variable="editor"/>
      </substitute>
    </names>
  </macro>
  <macro name="author-short">
    <names variable="author">
      <name form="short" delimiter="/" delimiter-precedes-last="always" et-al-min="3" et-al-use-first="1"/>
      <substitute>
        <names variable="editor"/>
        <text variable="title" form="short"/>
      </substitute>
    </names>
  </macro>
  <macro name="year">
    <choose>
      <if variable="issued">
        <group>
          <date variable="issued">
            <date-part name="year"/>
          </date>
          <text variable="year-suffix"/>
        </group>
      </if>
      <else>
        <group>
          <text term="no date" form="short"/>
          <text variable="year-suffix" prefix=" "/>
        </group>
      </else>
    </choose>
  </macro>
  <macro name="container">
    <choose>
      <if type="webpage post-weblog" match="any">
        <text variable="container-title"/>
      </if>
      <else>
        <text macro="container-of-part"/>
      </else>
    </choose>
  </macro>
  <macro name="container-of-part">
    <group delimiter=", ">
      <group delimiter=" ">
        <group delimiter=": ">
          <text term="in" text-case="capitalize-first"/>
          <text variable="container-title"/>
        </group>
        <group delimiter=" ">
          <label variable="volume" form="short" text-case="capitalize-first"/>
          <text variable="volume"/>
        </group>
      </group>
      <group delimiter=" ">
        <label variable="issue" form="short" text-case="capitalize-first"/>
        <text variable="issue"/>
      </group>
      <group delimiter=" ">
        <label variable="page" form="short"/>
        <text variable="page"/>
      </group>
    </group>
  </macro>
  <macro name="publisher">
    <group delimiter=" : ">
      <text variable="publisher-place"/>
      <text variable="publisher"/>
    </group>
  </macro>
  <macro name="access">
    <choose>
      <if variable="DOI">
        <text variable="DOI" prefix="DOI "/>
      </if>
      <else>
        <text variable="URL" prefix="URL "/>
      </else>
    </choose>
  </macro>
  <citation et-al-min="3" et-al-use-first="1" disambiguate-add-year-suffix="true" disambiguate-add-givenname="true">
    <layout prefix="(" suffix=")" delimiter="; ">
      <group delimiter=", ">
        <group delimiter=" ">
          <text macro="author-short"/>
          <text macro="year"/>
        </group>
        <group delimiter=" ">
          <label variable="locator" form="short"/>
          <text variable="locator"/>
        </group>
      </group>
    </layout>
  </citation>
  <bibliography hanging-indent="true" entry-spacing="0">
    <sort>
      <key macro="author"/>
      <key variable="issued"/>
    </sort>
    <layout>
      <group delimiter=": ">
        <group delimiter=" ">
          <text macro="author"/>
          <text macro="year" prefix="(" suffix=")"/>
        </group>
        <group delimiter=". " suffix=".">
          <text variable="title"/>
          <text macro="container"/>
          <text macro="publisher"/>
        </group>
      </group>
      <text macro="access" prefix=" – "/>
    </layout>
  </bibliography>
</style>`;

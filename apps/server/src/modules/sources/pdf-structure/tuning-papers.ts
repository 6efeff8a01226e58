import type { LayoutPage } from '../pdf-layout/layout.types';
import { type BlockSpec, layoutPage, prose } from './synthetic-layouts';

/**
 * The tuning set: papers written for the tests in the layouts real ones use (journal article, arXiv
 * preprint in two columns, thesis title pages, papers in German, French, Spanish, Italian, Dutch and
 * Portuguese). The structure reader's heuristics are tuned on these, never on the corpus's real papers.
 */
export type TuningPaper = {
  name: string;
  pages: LayoutPage[];
  truth: { title: string; authors: string[]; year: number | null; doi: string | null };
};

const FILLER_EN =
  'Soil moisture controls how much of the rain that falls on a hillslope reaches the stream, and the way it does so changes with the season. We measured it at forty sites over three years and compared the records with the discharge of the catchment outlet.';

function bodyPage(number: number, blocks: BlockSpec[], columns: 1 | 2 = 1): LayoutPage {
  return layoutPage(number, blocks, columns);
}

const journalArticle: TuningPaper = {
  name: 'journal article (en), lettered affiliations, numbered references',
  truth: {
    title: 'Seasonal Controls on Hillslope Runoff in a Temperate Catchment',
    authors: ['Hannah J. Collins', 'Marco de la Fuente', 'Priya Raman'],
    year: 2019,
    doi: '10.5555/hyd.2019.0042',
  },
  pages: [
    layoutPage(1, [
      { lines: ['Journal of Catchment Science 41 (2019) 112–130'], size: 8, y: 30, role: 'header' },
      { lines: ['Contents lists available at ScienceDirect'], size: 8, gap: 6 },
      { lines: ['Seasonal Controls on Hillslope Runoff in a', 'Temperate Catchment'], size: 17, gap: 24 },
      { lines: ['Hannah J. Collinsa,*, Marco de la Fuenteb, Priya Ramana'], size: 11, gap: 10 },
      {
        lines: [
          'a Department of Geography, University of Leeds, Leeds LS2 9JT, United Kingdom',
          'b Instituto de Hidrología, Universidad de Granada, Spain',
        ],
        size: 8,
        italic: true,
      },
      { lines: ['Received 3 March 2018; accepted 12 January 2019'], size: 8 },
      { lines: ['Abstract'], size: 10, bold: true, gap: 18 },
      {
        lines: prose(
          `${FILLER_EN} Runoff rose sharply once the upper soil was wet. The threshold differed between north and south facing slopes.`,
        ),
        size: 9,
      },
      { lines: ['Keywords: runoff; soil moisture; thresholds; hillslope hydrology'], size: 9 },
      { lines: ['1. Introduction'], size: 10, bold: true, gap: 16 },
      {
        lines: prose(
          `How a catchment turns rain into streamflow has long been studied (e.g. Smith et al., 2004). ${FILLER_EN}`,
        ),
        size: 10,
      },
      {
        lines: ['* Corresponding author. E-mail address: h.collins@leeds.ac.uk (H.J. Collins).'],
        size: 7,
        role: 'footnote',
        y: 760,
      },
      {
        lines: ['https://doi.org/10.5555/hyd.2019.0042', '0022-1694/© 2019 Elsevier B.V. All rights reserved.'],
        size: 7,
        role: 'footer',
        y: 790,
      },
    ]),
    bodyPage(2, [
      {
        lines: ['H.J. Collins et al. / Journal of Catchment Science 41 (2019) 112–130'],
        size: 8,
        y: 30,
        role: 'header',
      },
      { lines: ['2. Study area and methods'], size: 10, bold: true, gap: 20 },
      { lines: ['2.1. Field sites'], size: 10, italic: true },
      { lines: prose(`The catchment covers 12.5 km² of pasture and forest. ${FILLER_EN}`), size: 10 },
      { lines: ['Fig. 1. Location of the forty soil moisture sites in the catchment.'], size: 8 },
      {
        lines: prose(
          'Discharge was measured every 15 min at a V-notch weir, as described by Jones (2001). Rain fell on 142 days per year on average. The records end in',
        ),
        size: 10,
      },
      { lines: ['Table 2', 'Thresholds of soil moisture by slope aspect.'], size: 8 },
      { lines: ['1', '2'], size: 10, role: 'page-number', y: 810 },
    ]),
    bodyPage(3, [
      {
        lines: prose(
          'the third winter, when the weir was rebuilt. Values are given as mean ± s.d. unless stated otherwise.',
        ),
        size: 10,
        gap: 20,
      },
      { lines: ['References'], size: 10, bold: true, gap: 16 },
      {
        lines: [
          '[1] J. Smith, K. Lee, and A. Brown. Runoff thresholds in humid catchments. Water Resources',
          { text: 'Research, 40(3):1–12, 2004.', indent: 10 },
          '[2] R. Jones. Measuring small streams with weirs. In Proceedings of the Hydrology',
          { text: 'Conference, pages 33–41, 2001.', indent: 10 },
          '[3] M. van der Berg and P. Ortiz. “Soil water and slope aspect,” Hydrological Letters, vol. 12,',
          { text: 'pp. 41–58, 2005. doi:10.5555/hl.2005.0012', indent: 10 },
        ],
        size: 9,
      },
    ]),
  ],
};

const arxivTwoColumn: TuningPaper = {
  name: 'arXiv preprint in two columns (en), symbol markers, author–year references',
  truth: {
    title: 'Sparse Retrieval with Learned Term Weights for Long Documents',
    authors: ['Mei Chen', 'Rahul Gupta', 'Sofia Rossi', 'Tomás Ibáñez', 'Wei E'],
    year: 2023,
    doi: null,
  },
  pages: [
    layoutPage(
      1,
      [
        { lines: ['arXiv:2305.01234v2 [cs.IR] 14 May 2023'], size: 20, column: -1, y: 300, width: 20 },
        {
          lines: ['Sparse Retrieval with Learned Term Weights for Long Documents'],
          size: 14.5,
          bold: true,
          column: -1,
          gap: 20,
        },
        { lines: ['Mei Chen∗1 Rahul Gupta∗1 Sofia Rossi2 Tomás Ibáñez†2 Wei E1'], size: 11, column: -1 },
        { lines: ['1Example Research Lab 2University of Turin'], size: 10, column: -1 },
        { lines: ['{mei.chen,rahul.gupta}@example.com, sofia.rossi@unito.it'], size: 9, column: -1 },
        { lines: ['Abstract'], size: 12, bold: true, column: 0, gap: 16, indent: 90 },
        {
          lines: prose(
            'We present a sparse retriever that learns a weight for every term of a long document. It beats BM25 by 4.2 points of recall on three benchmarks, e.g. on the MS MARCO document task, while keeping an inverted index.',
            45,
          ),
          size: 10,
          column: 0,
        },
        { lines: ['∗ Equal contribution.', '† Corresponding author.'], size: 8, column: 0, role: 'footnote', y: 740 },
        { lines: ['1 Introduction'], size: 12, bold: true, column: 1, gap: 16 },
        {
          lines: prose(`Dense retrievers encode a document as one vector (Karlsson et al., 2020). ${FILLER_EN}`, 45),
          size: 10,
          column: 1,
        },
      ],
      2,
    ),
    layoutPage(
      2,
      [
        { lines: ['2 Method'], size: 12, bold: true, column: 0, gap: 20 },
        { lines: prose(`Each term gets a weight from a small network. ${FILLER_EN}`, 45), size: 10, column: 0 },
        { lines: ['Figure 2: Recall at 100 against document length.'], size: 10, column: 0 },
        { lines: ['References'], size: 12, bold: true, column: 1, gap: 20 },
        {
          lines: [
            'Karlsson, V., Ortega, B., and Moon, S. (2020). Dense',
            { text: 'vectors for searching long legal documents.', indent: 8 },
            { text: 'In Proceedings of the Legal NLP Workshop, pages', indent: 8 },
            { text: '112–121.', indent: 8 },
            'Novak, P. and Ziegler, H. (2009). The',
            { text: 'weighting of terms in long texts: a study of', indent: 8 },
            { text: 'patents. Journal of Text Retrieval Studies,', indent: 8 },
            { text: '3(4):333–389.', indent: 8 },
          ],
          size: 9,
          column: 1,
        },
      ],
      2,
    ),
  ],
};

const thesisItalian: TuningPaper = {
  name: 'Italian bachelor thesis title page (Relatore / Laureando)',
  truth: {
    title: 'Un sistema di raccomandazione per biblioteche universitarie',
    authors: ['Giulia Bianchi'],
    year: 2019,
    doi: null,
  },
  pages: [
    layoutPage(1, [
      { lines: ['Università degli Studi di Milano'], size: 16, gap: 40 },
      { lines: ['Dipartimento di Informatica'], size: 12 },
      { lines: ['Corso di Laurea in Informatica'], size: 12 },
      { lines: ['Un sistema di raccomandazione per biblioteche', 'universitarie'], size: 20, bold: true, gap: 90 },
      { lines: ['Tesi di laurea triennale'], size: 12 },
      { lines: ['Relatore'], size: 11, gap: 80 },
      { lines: ['Prof. Marco Verdi'], size: 11 },
      { lines: ['Laureanda'], size: 11, indent: 300 },
      { lines: ['Giulia Bianchi'], size: 11, indent: 300 },
      { lines: ['Anno Accademico 2018-2019'], size: 11, gap: 120 },
    ]),
    bodyPage(2, [
      { lines: ['Sommario'], size: 16, bold: true, gap: 80 },
      {
        lines: prose(
          'Questa tesi descrive un sistema che suggerisce libri agli studenti, p. es. in base ai prestiti passati. Il sistema è stato provato in tre biblioteche.',
        ),
        size: 11,
      },
      { lines: ['1 Introduzione'], size: 16, bold: true, gap: 30 },
      {
        lines: prose(
          'Le biblioteche universitarie prestano ogni anno migliaia di libri. Molti studenti non trovano però i testi adatti ai loro corsi.',
        ),
        size: 11,
      },
    ]),
  ],
};

const thesisGerman: TuningPaper = {
  name: 'German master thesis title page (vorgelegt von / Betreuer)',
  truth: {
    title: 'Algebraische Methoden zur Zerlegung endlicher Gruppen',
    authors: ['Lukas Brandt'],
    year: 2016,
    doi: null,
  },
  pages: [
    layoutPage(1, [
      { lines: ['Masterarbeit'], size: 24, gap: 60 },
      { lines: ['im Studiengang Mathematik'], size: 12 },
      { lines: ['Algebraische Methoden zur Zerlegung', 'endlicher Gruppen'], size: 20, gap: 60 },
      { lines: ['vorgelegt von'], size: 12, gap: 40 },
      { lines: ['Lukas Brandt'], size: 14 },
      { lines: ['am Institut für Mathematik der Universität Regensburg'], size: 12, gap: 30 },
      { lines: ['Betreuer'], size: 12, gap: 40 },
      { lines: ['Prof. Dr. Anna Keller'], size: 12 },
      { lines: ['Zweitgutachter'], size: 12 },
      { lines: ['Prof. Dr. Jonas Weiß'], size: 12 },
      { lines: ['Oktober 2016'], size: 12, gap: 60 },
    ]),
    bodyPage(2, [
      { lines: ['Inhaltsverzeichnis'], size: 18, bold: true, gap: 60 },
      { lines: ['1 Grundlagen 3'], size: 11 },
      { lines: ['2 Zerlegungen 9'], size: 11 },
    ]),
    bodyPage(3, [
      { lines: ['2.1', 'Zerlegungen in Sylow-Gruppen', '10'], size: 11, gap: 60 },
      { lines: ['2.2', 'Auflösbare Gruppen', '12'], size: 11 },
      { lines: ['Literatur'], size: 11, bold: true },
      { lines: ['14'], size: 11, indent: 400, gap: -13 },
    ]),
    bodyPage(4, [
      { lines: ['1 Grundlagen'], size: 18, bold: true, gap: 60 },
      {
        lines: prose(
          'Eine endliche Gruppe zerfällt in ihre Sylow-Untergruppen, wenn sie nilpotent ist. Dieses Kapitel stellt die Begriffe bereit, die wir später brauchen.',
        ),
        size: 11,
      },
    ]),
    bodyPage(5, [
      { lines: ['Literatur'], size: 18, bold: true, gap: 60 },
      { lines: ['[1] B. Huppert. Endliche Gruppen I. Springer, Berlin, 1967.'], size: 11 },
      { lines: ['[2] H. Kurzweil und B. Stellmacher. Theorie der endlichen Gruppen. Springer, 1998.'], size: 11 },
    ]),
  ],
};

const thesisDutch: TuningPaper = {
  name: 'Dutch bachelor thesis title page (door / onder begeleiding van)',
  truth: {
    title: 'Golven in ondiep water en hun breking op het strand',
    authors: ['Sanne de Jong'],
    year: 2015,
    doi: null,
  },
  pages: [
    layoutPage(1, [
      { lines: ['Golven in ondiep water en hun breking op het strand'], size: 17, gap: 120 },
      { lines: ['Een bachelorscriptie door'], size: 11, italic: true, gap: 14 },
      { lines: ['Sanne de Jong'], size: 11 },
      { lines: ['Onder begeleiding van'], size: 11, italic: true, gap: 14 },
      { lines: ['dr. Pieter van Dam'], size: 11 },
      { lines: ['Faculteit der Natuurwetenschappen', 'Universiteit Utrecht', 'Juni 2015'], size: 11, gap: 300 },
    ]),
  ],
};

function languagePaper(options: {
  language: string;
  title: string[];
  authorLine: string;
  affiliation: string;
  abstractLabel: string;
  abstract: string;
  keywordsLine: string;
  heading: string;
  body: string;
  dateLine: string;
}): LayoutPage[] {
  return [
    layoutPage(1, [
      { lines: [options.dateLine], size: 8, y: 30 },
      { lines: options.title, size: 16, bold: true, gap: 30 },
      { lines: [options.authorLine], size: 11, gap: 12 },
      { lines: [options.affiliation], size: 9, italic: true },
      { lines: [options.abstractLabel], size: 10, bold: true, gap: 18 },
      { lines: prose(options.abstract), size: 9 },
      { lines: [options.keywordsLine], size: 9 },
      { lines: [options.heading], size: 11, bold: true, gap: 18 },
      { lines: prose(options.body), size: 10 },
    ]),
  ];
}

const germanPaper: TuningPaper = {
  name: 'German journal paper (und, Zusammenfassung, Schlüsselwörter)',
  truth: {
    title: 'Die Rolle der Bodenfeuchte für den Abfluss kleiner Einzugsgebiete',
    authors: ['Katrin Vogel', 'Tobias von Arnim'],
    year: 2021,
    doi: null,
  },
  pages: languagePaper({
    language: 'de',
    dateLine: 'Zeitschrift für Hydrologie 12 (2021) 45–60',
    title: ['Die Rolle der Bodenfeuchte für den Abfluss', 'kleiner Einzugsgebiete'],
    authorLine: 'Katrin Vogel1 und Tobias von Arnim2',
    affiliation: '1 Institut für Geographie, Universität Bonn; 2 Helmholtz-Zentrum, Leipzig',
    abstractLabel: 'Zusammenfassung',
    abstract:
      'Wir untersuchen, wie die Bodenfeuchte den Abfluss steuert, z. B. nach starkem Regen. Die Messungen umfassen drei Jahre.',
    keywordsLine: 'Schlüsselwörter: Abfluss, Bodenfeuchte, Einzugsgebiet',
    heading: '1 Einleitung',
    body: 'Der Abfluss kleiner Einzugsgebiete hängt stark vom Zustand des Bodens ab, vgl. Abb. 2. Dies wurde bisher selten gemessen.',
  }),
};

const frenchPaper: TuningPaper = {
  name: 'French conference paper (et, Résumé, Mots-clés)',
  truth: {
    title: 'Une méthode de résumé pour les journaux de requêtes',
    authors: ['Camille Lefèvre', 'Julien Moreau', 'Élise Durand'],
    year: 2012,
    doi: null,
  },
  pages: languagePaper({
    language: 'fr',
    dateLine: 'Actes de la conférence EGC, janvier 2012',
    title: ['Une méthode de résumé pour les journaux de requêtes'],
    authorLine: 'Camille Lefèvre∗, Julien Moreau∗ et Élise Durand∗∗',
    affiliation: '∗ Université de Lyon, Laboratoire d’Informatique, 69000 Lyon',
    abstractLabel: 'Résumé.',
    abstract:
      'Nous proposons une méthode pour résumer des journaux de requêtes, p. ex. ceux d’un entrepôt de données. Les tests montrent son intérêt.',
    keywordsLine: 'Mots-clés : requêtes, résumé, entrepôt de données',
    heading: '1 Introduction',
    body: 'Les journaux de requêtes deviennent vite très longs. Il est donc utile d’en donner un résumé à l’utilisateur.',
  }),
};

const spanishPaper: TuningPaper = {
  name: 'Spanish journal paper (y, Resumen, Palabras clave, translated title)',
  truth: {
    title: 'Calidad del agua en los ríos de la cuenca del Ebro',
    authors: ['Lucía Fernández Gil', 'José Antonio Ruiz'],
    year: 2018,
    doi: '10.1590/abc-2018-0007',
  },
  pages: [
    layoutPage(1, [
      { lines: ['Rev Esp Salud Pública 2018;92(3):1-12'], size: 8, y: 30 },
      { lines: ['ARTÍCULO ORIGINAL'], size: 9, bold: true, gap: 10 },
      { lines: ['Calidad del agua en los ríos de la cuenca', 'del Ebro'], size: 16, gap: 20 },
      { lines: ['Water quality in the rivers of the Ebro basin'], size: 12, italic: true },
      { lines: ['Lucía Fernández Gil1 y José Antonio Ruiz2'], size: 10, gap: 12 },
      { lines: ['1 Departamento de Química, Universidad de Zaragoza. 2 Instituto Aragonés del Agua.'], size: 8 },
      {
        lines: [
          'Cómo citar: Fernández Gil L, Ruiz JA. Calidad del agua. Rev Esp Salud Pública. 2018. https://doi.org/10.1590/abc-2018-0007',
        ],
        size: 8,
      },
      { lines: ['Resumen'], size: 10, bold: true, gap: 16 },
      { lines: ['Objetivos'], size: 9, bold: true },
      { lines: prose('Medir la calidad del agua en 30 puntos del río, p. ej. nitratos y fosfatos.'), size: 9 },
      { lines: ['Métodos'], size: 9, bold: true },
      { lines: prose('Se tomaron muestras cada mes durante dos años.'), size: 9 },
      { lines: ['Palabras clave: calidad del agua. Nitratos. Ríos.'], size: 9 },
      { lines: ['Introducción'], size: 11, bold: true, gap: 16 },
      {
        lines: prose('La cuenca del Ebro es la mayor de España. Su agua riega miles de hectáreas de cultivo.'),
        size: 10,
      },
    ]),
  ],
};

const portuguesePaper: TuningPaper = {
  name: 'Portuguese journal paper (e, Resumo, Palavras-chave, particles dos/da)',
  truth: {
    title: 'Aleitamento materno e saúde infantil no Brasil',
    authors: ['Ana Paula dos Santos', 'Carlos Eduardo da Silva', 'Beatriz Lima'],
    year: 2022,
    doi: null,
  },
  pages: languagePaper({
    language: 'pt',
    dateLine: 'Cad Saúde Colet, 2022;30(2):e300211',
    title: ['Aleitamento materno e saúde infantil no Brasil'],
    authorLine: 'Ana Paula dos Santos1, Carlos Eduardo da Silva2 e Beatriz Lima1',
    affiliation: '1 Faculdade de Medicina, Universidade Federal de Minas Gerais, Belo Horizonte, Brasil.',
    abstractLabel: 'Resumo',
    abstract:
      'Introdução: O aleitamento materno protege a saúde da criança. Método: Estudo transversal com 2.450 mães. Conclusão: A prevalência é de 45,3%.',
    keywordsLine: 'Palavras-chave: aleitamento materno; saúde infantil; inquérito.',
    heading: 'INTRODUÇÃO',
    body: 'O aleitamento materno exclusivo é recomendado até os seis meses de idade, cf. a Organização Mundial da Saúde. No Brasil, a prática ainda é pouco comum.',
  }),
};

const italianPaper: TuningPaper = {
  name: 'Italian journal paper (e, Riassunto, Parole chiave)',
  truth: {
    title: 'Analisi delle reti di trasporto urbano con modelli a grafo',
    authors: ['Francesca Romano', 'Luca De Santis'],
    year: 2020,
    doi: null,
  },
  pages: languagePaper({
    language: 'it',
    dateLine: 'Rivista di Ingegneria dei Trasporti, vol. 8, n. 2, marzo 2020',
    title: ['Analisi delle reti di trasporto urbano con modelli', 'a grafo'],
    authorLine: 'Francesca Romano e Luca De Santis',
    affiliation: 'Dipartimento di Ingegneria Civile, Politecnico di Torino',
    abstractLabel: 'Riassunto',
    abstract:
      'Studiamo le reti di autobus di dieci città con modelli a grafo. I risultati mostrano che le reti più dense sono anche le più robuste.',
    keywordsLine: 'Parole chiave: reti, trasporto pubblico, grafi',
    heading: '1. Introduzione',
    body: 'Il trasporto pubblico urbano è una rete di linee e fermate. La sua struttura influisce sui tempi di viaggio dei cittadini.',
  }),
};

const dutchPaper: TuningPaper = {
  name: 'Dutch journal paper (en, Samenvatting, Trefwoorden, particle van)',
  truth: {
    title: 'Grondwaterstanden in veengebieden na een droge zomer',
    authors: ['Eva van Leeuwen', 'Daan Bakker'],
    year: 2020,
    doi: null,
  },
  pages: languagePaper({
    language: 'nl',
    dateLine: 'Tijdschrift voor Hydrologie, © 2020',
    title: ['Grondwaterstanden in veengebieden na een droge', 'zomer'],
    authorLine: 'Eva van Leeuwen en Daan Bakker',
    affiliation: 'Faculteit Geowetenschappen, Universiteit Utrecht',
    abstractLabel: 'Samenvatting',
    abstract:
      'Na de droge zomer van 2018 daalden de grondwaterstanden in veengebieden sterk, bijv. in Friesland. Wij meten het herstel.',
    keywordsLine: 'Trefwoorden: grondwater, veen, droogte',
    heading: '1 Inleiding',
    body: 'Veengebieden klinken in als het grondwater daalt. Dat is een groot probleem voor dijken en wegen in het westen van het land.',
  }),
};

const acmJournalPaper: TuningPaper = {
  name: 'ACM journal paper (en): one author a line with institution, town and country',
  truth: {
    title: 'Reading Aids for Legal Texts',
    authors: ['ANNA BERG', 'TOMÁS RUIZ', 'MEI LIN ZHANG'],
    year: 2022,
    doi: null,
  },
  pages: [
    layoutPage(1, [
      { lines: ['Reading Aids for Legal Texts'], size: 15, bold: true, gap: 60 },
      { lines: ['ANNA BERG, University of Oslo, Norway'], size: 9 },
      { lines: ['TOMÁS RUIZ, Institute for Law and Technology, Madrid, Spain'], size: 9 },
      { lines: ['MEI LIN ZHANG, University of Hong Kong, Pok Fu Lam, Hong Kong'], size: 9 },
      {
        lines: prose(
          'Legal texts are hard to read. We built reading aids that explain terms and summarise sections, and tested them with 40 readers.',
        ),
        size: 9,
        gap: 12,
      },
      { lines: ['CCS Concepts: • Applied computing → Law.'], size: 9 },
      { lines: ['1 INTRODUCTION'], size: 10, bold: true, gap: 14 },
      { lines: prose(`Laws are written for lawyers. ${FILLER_EN}`), size: 10 },
      { lines: ['© 2022 Association for Computing Machinery.'], size: 7, role: 'footer', y: 790 },
    ]),
  ],
};

const lncsPaper: TuningPaper = {
  name: 'LNCS proceedings paper (en), inline Abstract. and Keywords:',
  truth: {
    title: 'Type Inference for Small Scripting Languages',
    authors: ['Olga Petrova', 'Henrik Larsen', 'Yusuf Demir'],
    year: 2014,
    doi: '10.1007/978-3-319-00000-0_7',
  },
  pages: [
    layoutPage(1, [
      { lines: ['Type Inference for Small Scripting Languages'], size: 14, bold: true, gap: 80 },
      { lines: ['Olga Petrova1, Henrik Larsen2, and Yusuf Demir1'], size: 10, gap: 14 },
      {
        lines: [
          '1 Faculty of Informatics, Masaryk University, Brno, Czech Republic',
          '2 IT University of Copenhagen, Denmark',
          '{petrova,demir}@fi.muni.cz, hela@itu.dk',
        ],
        size: 9,
      },
      {
        lines: prose(
          'Abstract. Scripting languages leave types to run time. We show how a small inference pass finds most type errors before a script runs, e.g. in build scripts.',
          80,
        ),
        size: 9,
        indent: 20,
        gap: 16,
      },
      { lines: ['Keywords: type inference · scripting · static analysis'], size: 9, indent: 20 },
      { lines: ['1 Introduction'], size: 12, bold: true, gap: 16 },
      { lines: prose(`Scripts are short but break often. ${FILLER_EN}`), size: 10 },
      {
        lines: ['© Springer International Publishing Switzerland 2014', 'DOI: 10.1007/978-3-319-00000-0_7'],
        size: 8,
        role: 'footer',
        y: 780,
      },
    ]),
  ],
};

const acmPaper: TuningPaper = {
  name: 'ACM two-column paper (en), side-by-side author blocks, CCS CONCEPTS',
  truth: {
    title: 'Caching Query Plans Across Tenants',
    authors: ['Noor Haddad', 'Luis Ortega Ruiz', 'Emma K. Walsh'],
    year: 2021,
    doi: '10.1145/3448016.3457000',
  },
  pages: [
    layoutPage(
      1,
      [
        { lines: ['Caching Query Plans Across Tenants'], size: 18, bold: true, column: -1, gap: 50 },
        {
          lines: ['Noor Haddad', 'Acme Cloud Inc.', 'Seattle, USA', 'noor@acme.example'],
          size: 10,
          column: 0,
          gap: 14,
          indent: 60,
        },
        {
          lines: ['Luis Ortega Ruiz', 'Universidad de Chile', 'Santiago, Chile', 'lortega@uchile.cl'],
          size: 10,
          column: 1,
          gap: 14,
          indent: 60,
        },
        {
          lines: ['Emma K. Walsh', 'Trinity College Dublin', 'Dublin, Ireland', 'walshe@tcd.ie'],
          size: 10,
          column: -1,
          gap: 8,
          indent: 200,
          width: 150,
        },
        { lines: ['ABSTRACT'], size: 10, bold: true, column: 0, gap: 16 },
        {
          lines: prose(
            'Databases that serve many tenants plan the same queries again and again. We share plans between tenants and cut planning time by 40%.',
            45,
          ),
          size: 9,
          column: 0,
        },
        { lines: ['CCS CONCEPTS'], size: 10, bold: true, column: 0, gap: 10 },
        { lines: ['• Information systems → Query optimization.'], size: 9, column: 0 },
        { lines: ['KEYWORDS'], size: 10, bold: true, column: 0, gap: 10 },
        { lines: ['query plans, multi-tenancy, caching'], size: 9, column: 0 },
        {
          lines: [
            'ACM Reference Format:',
            'Noor Haddad, Luis Ortega Ruiz, and Emma K. Walsh. 2021. Caching Query Plans',
            'Across Tenants. In SIGMOD ’21. https://doi.org/10.1145/3448016.3457000',
          ],
          size: 8,
          column: 0,
          gap: 10,
        },
        { lines: ['1 INTRODUCTION'], size: 10, bold: true, column: 1, gap: 16 },
        { lines: prose(`Planning a query costs time. ${FILLER_EN}`, 45), size: 9, column: 1 },
      ],
      2,
    ),
  ],
};

const bilingualPaper: TuningPaper = {
  name: 'bilingual journal paper (es): translated title in the same size, glued letter markers, side column',
  truth: {
    title: 'Uso de antibióticos en granjas porcinas de Aragón',
    authors: ['Marta Lozano', 'Pablo Ibarra', 'Nuria Sanz'],
    year: 2016,
    doi: null,
  },
  pages: [
    layoutPage(1, [
      { lines: ['Rev Vet Esp 2016;12(2):40-48'], size: 8, y: 30 },
      {
        lines: ['Editor', 'Jorge Martín Ruiz', 'Financiación', 'Fundación Aragonesa de Ciencia'],
        size: 7,
        y: 60,
        width: 100,
      },
      { lines: ['Uso de antibióticos en granjas porcinas', 'de Aragón'], size: 20, bold: true, y: 60, indent: 120 },
      { lines: ['Antibiotic use on pig farms in Aragon,', 'Spain'], size: 20, indent: 120 },
      { lines: ['Marta Lozanoa, Pablo Ibarraa y Nuria Sanzb'], size: 11, bold: true, indent: 120 },
      {
        lines: ['aFacultad de Veterinaria, Universidad de Zaragoza. bCentro de Sanidad Animal, Huesca.'],
        size: 6,
        italic: true,
        indent: 120,
      },
      { lines: ['Resumen'], size: 9, bold: true, gap: 20, indent: 120 },
      {
        lines: prose(
          'Medimos el uso de antibióticos en 40 granjas durante un año. El uso bajó un 30% tras la nueva norma.',
          70,
        ),
        size: 9,
        indent: 120,
      },
      { lines: ['Introducción'], size: 11, bold: true, gap: 14, indent: 120 },
      {
        lines: prose('Los antibióticos se usan mucho en las granjas. Su uso favorece bacterias resistentes.', 70),
        size: 10,
        indent: 120,
      },
    ]),
  ],
};

const portugueseTranslatedTitle: TuningPaper = {
  name: 'Portuguese paper with a translated title run over two lines',
  truth: {
    title: 'Qualidade do sono de estudantes de medicina',
    authors: ['Rita Moura', 'Paulo Teixeira'],
    year: 2021,
    doi: null,
  },
  pages: [
    layoutPage(1, [
      { lines: ['Rev Bras Educ Med 2021;45(1):e012'], size: 8, y: 30 },
      { lines: ['Qualidade do sono de estudantes de medicina'], size: 20, bold: true, gap: 30 },
      { lines: ['Sleep quality in a sample of Portuguese', 'Medical Students'], size: 14, bold: true, italic: true },
      { lines: ['Rita Moura1, Paulo Teixeira2'], size: 9, gap: 10 },
      {
        lines: ['1 Faculdade de Medicina, Universidade de Coimbra. 2 Hospital de Santa Maria, Lisboa.'],
        size: 7,
        italic: true,
      },
      { lines: ['Resumo'], size: 10, bold: true, gap: 16 },
      { lines: prose('Avaliamos o sono de 300 estudantes. Metade dorme menos de seis horas por noite.'), size: 9 },
    ]),
  ],
};

const scannedNote: TuningPaper = {
  name: 'scanned short note: title and authors in the same type, a large figure label below',
  truth: {
    title: 'Exact Travelling Waves for a Modified Burgers Equation',
    authors: ['Jin-Ho Seo', 'Min-Ji Kang'],
    year: 2001,
    doi: null,
  },
  pages: [
    layoutPage(
      1,
      [
        { lines: ['Short Communications'], size: 8, bold: true, column: -1 },
        {
          lines: ['Exact Travelling Waves for a Modified', 'Burgers Equation'],
          size: 9,
          bold: true,
          column: 0,
          gap: 10,
        },
        { lines: ['Jin-Ho Seo and Min-Ji Kang*'], size: 9, bold: true, column: 0 },
        { lines: ['Department of Mathematics, Pusan National University, Busan, Korea'], size: 8, column: 0 },
        { lines: ['Z. Angew. Math. 56, 101-102 (2001); received March 3, 2000'], size: 8, column: 0 },
        { lines: ['Wave Profiles'], size: 19, bold: true, column: 1, gap: 60 },
        {
          lines: prose(
            'We find travelling waves of a modified Burgers equation with a tanh method. The waves move with constant speed.',
            45,
          ),
          size: 8,
          column: 0,
          gap: 10,
        },
      ],
      2,
    ),
  ],
};

const italianUniversityThesis: TuningPaper = {
  name: 'Italian thesis: the university set in the title’s size',
  truth: { title: 'Un compilatore per un linguaggio didattico', authors: ['Marco Neri'], year: 2015, doi: null },
  pages: [
    layoutPage(1, [
      { lines: ['Università degli Studi di Torino'], size: 17, bold: true, gap: 40 },
      { lines: ['Dipartimento di Informatica'], size: 14 },
      { lines: ['Un compilatore per un linguaggio didattico'], size: 17, bold: true, gap: 250 },
      { lines: ['Tesi di laurea magistrale'], size: 11, italic: true },
      { lines: ['Relatore'], size: 11, italic: true, gap: 40 },
      { lines: ['Prof.Carla Bruni'], size: 11 },
      { lines: ['Laureando'], size: 11, italic: true, indent: 300 },
      { lines: ['Marco Neri'], size: 11, indent: 300 },
      { lines: ['Anno Accademico 2014-2015'], size: 9, gap: 60 },
    ]),
  ],
};

/** Every paper of the tuning set. */
export const TUNING_PAPERS: TuningPaper[] = [
  journalArticle,
  arxivTwoColumn,
  thesisItalian,
  thesisGerman,
  thesisDutch,
  germanPaper,
  frenchPaper,
  spanishPaper,
  portuguesePaper,
  italianPaper,
  dutchPaper,
  lncsPaper,
  acmPaper,
  acmJournalPaper,
  bilingualPaper,
  portugueseTranslatedTitle,
  scannedNote,
  italianUniversityThesis,
];

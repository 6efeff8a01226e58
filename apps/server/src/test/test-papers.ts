import { type PaperText, paperPdf } from './generated-pdf';

/**
 * Papers written for the tests (not copied from any publication): an English systems paper on the
 * map/reduce model, eight pages, and a shorter Spanish one. Tests assert on these words.
 */
export const MAP_REDUCE_PAPER: PaperText = {
  title: 'Map and Reduce: Processing Large Data Sets on Clusters of Machines',
  authors: ['Ada Fielding', 'Bruno Okafor'],
  year: 2008,
  sectionPerPage: true,
  abstract:
    'MapReduce is a programming model for processing large data sets on clusters of ordinary machines. ' +
    'Users write a map function that turns an input record into intermediate key/value pairs, and a reduce ' +
    'function that merges all intermediate values associated with the same intermediate key. The run-time ' +
    'system partitions the input, schedules the tasks on the workers of the cluster, handles worker failures ' +
    'and moves the intermediate data between machines, so that programmers without experience of parallel ' +
    'and distributed systems can use the resources of a large cluster.',
  sections: [
    {
      heading: 'Introduction',
      paragraphs: [
        'Many computations over large data sets are conceptually simple: count the words in a collection of ' +
          'documents, build an inverted index, or summarise the requests a web server received in a day. The ' +
          'input is large, however, and the computation must be spread over hundreds or thousands of machines ' +
          'to finish in a reasonable time. The code that spreads the work, copes with failures and moves data ' +
          'between machines often dwarfs the simple computation it serves.',
        'This paper describes an abstraction that lets a programmer express the simple computation and hides ' +
          'the messy details of parallelisation, fault tolerance, data distribution and load balancing in a ' +
          'library. The abstraction is inspired by the map and reduce primitives of functional languages. Most ' +
          'of our computations apply a map operation to each logical record of the input to compute a set of ' +
          'intermediate key/value pairs, and then apply a reduce operation to all the values that share the ' +
          'same key, in order to combine the derived data.',
      ],
    },
    {
      heading: 'Programming model',
      paragraphs: [
        'The computation takes a set of input key/value pairs and produces a set of output key/value pairs. ' +
          'The user of the library expresses the computation as two functions. The map function, written by ' +
          'the user, takes an input pair and produces a set of intermediate key/value pairs. The library groups ' +
          'together all intermediate values associated with the same intermediate key and passes them to the ' +
          'reduce function.',
        'The reduce function, also written by the user, accepts an intermediate key and the set of values for ' +
          'that key. It merges these values together to form a possibly smaller set of values. Typically zero ' +
          'or one output value is produced per reduce invocation. The intermediate values are supplied to the ' +
          'reduce function through an iterator, which allows the model to handle lists of values that are too ' +
          'large to fit in memory.',
        'Consider counting the number of occurrences of each word in a large collection of documents. The map ' +
          'function emits each word together with a count of one. The reduce function sums all counts emitted ' +
          'for a particular word and emits the total. The same pattern serves distributed grep, the count of ' +
          'URL access frequency, the reverse web-link graph and the construction of an inverted index.',
      ],
    },
    {
      heading: 'Execution',
      paragraphs: [
        'The map invocations are distributed across multiple machines by automatically splitting the input ' +
          'files into a set of M splits. The input splits can be processed in parallel by different machines, ' +
          'each split typically between sixteen and sixty-four megabytes. Reduce invocations are distributed by ' +
          'partitioning the intermediate key space into R pieces using a partitioning function, such as a hash ' +
          'of the key modulo R. The number of partitions and the partitioning function are chosen by the user.',
        'One copy of the program is special: the master. The rest are workers that are assigned work by the ' +
          'master. There are M map tasks and R reduce tasks to assign. The master picks idle workers and ' +
          'assigns each one a map task or a reduce task. A worker assigned a map task reads the contents of ' +
          'the corresponding input split, parses key/value pairs out of the input data and passes each pair to ' +
          'the user-defined map function. The intermediate key/value pairs produced by the map function are ' +
          'buffered in memory and periodically written to local disk, partitioned into R regions.',
        'When a reduce worker is notified by the master about these locations, it reads the buffered data from ' +
          'the local disks of the map workers. When a reduce worker has read all intermediate data, it sorts it ' +
          'by the intermediate keys so that all occurrences of the same key are grouped together. The reduce ' +
          'worker iterates over the sorted intermediate data and, for each unique intermediate key, passes the ' +
          'key and the corresponding set of intermediate values to the reduce function.',
      ],
    },
    {
      heading: 'Fault tolerance',
      paragraphs: [
        'Since the library is designed to process very large amounts of data using hundreds or thousands of ' +
          'machines, it must tolerate machine failures gracefully. The master pings every worker periodically. ' +
          'If no response is received from a worker in a certain amount of time, the master marks the worker as ' +
          'failed. Any map tasks completed by the worker are reset back to their initial idle state, and become ' +
          'eligible for scheduling on other workers.',
        'Completed map tasks are executed again on a failure because their output is stored on the local disk ' +
          'of the failed machine and is therefore inaccessible. Completed reduce tasks do not need to be executed ' +
          'again since their output is stored in a global file system. When a map task is executed first by one ' +
          'worker and later by another because the first failed, all workers executing reduce tasks are told of ' +
          'the new execution. Worker failures are therefore handled by simply executing the work again.',
      ],
    },
    {
      heading: 'Locality and task granularity',
      paragraphs: [
        'Network bandwidth is a relatively scarce resource in our computing environment. We conserve it by ' +
          'taking advantage of the fact that the input data is stored on the local disks of the machines that ' +
          'make up the cluster. The master takes the location of the input files into account and attempts to ' +
          'schedule a map task on a machine that holds a replica of the corresponding input data. Failing that, ' +
          'it attempts to schedule the map task near a replica of that task input data.',
        'We subdivide the map phase into M pieces and the reduce phase into R pieces. Ideally, M and R should ' +
          'be much larger than the number of worker machines. Having each worker perform many different tasks ' +
          'improves dynamic load balancing, and also speeds up recovery when a worker fails: the many map tasks ' +
          'it has completed can be spread out across all the other worker machines.',
      ],
    },
    {
      heading: 'Refinements',
      paragraphs: [
        'A common cause that lengthens the total time taken is a straggler: a machine that takes an unusually ' +
          'long time to complete one of the last few map or reduce tasks. When the computation is close to ' +
          'completion, the master schedules backup executions of the remaining in-progress tasks. A task is ' +
          'marked as completed whenever either the primary or the backup execution completes.',
        'In some cases there is significant repetition in the intermediate keys produced by each map task, and ' +
          'the reduce function is commutative and associative. Word counting is a good example. The user may ' +
          'then specify an optional combiner function that does partial merging of this data before it is sent ' +
          'over the network. The combiner function is executed on each machine that performs a map task, and it ' +
          'typically shares its code with the reduce function.',
      ],
    },
    {
      heading: 'Performance',
      paragraphs: [
        'We measured two computations on a cluster of about eighteen hundred machines. The first searches ' +
          'through approximately one terabyte of data looking for a particular pattern. The second sorts ' +
          'approximately one terabyte of data. These two programs are representative of a large subset of the ' +
          'real programs written by users of the library: one class shuffles data from one representation to ' +
          'another, and another class extracts a small amount of interesting data from a large data set.',
        'The sort program finishes in less than fifteen minutes including the start-up overhead. With backup ' +
          'tasks disabled, the execution has a long tail during which hardly any write activity occurs, and the ' +
          'whole computation takes almost half as long again. When a few hundred worker processes are killed ' +
          'on purpose in the middle of the computation, the work is executed again on other machines and the ' +
          'sort finishes only a few percent later than the normal execution.',
      ],
    },
    {
      heading: 'Conclusions',
      paragraphs: [
        'The map/reduce programming model has been used successfully for many different purposes. The model is ' +
          'easy to use, even for programmers without experience with parallel and distributed systems, since it ' +
          'hides the details of parallelisation, fault tolerance, locality optimisation and load balancing. A ' +
          'large variety of problems are easily expressible as map and reduce computations, and the ' +
          'implementation scales to large clusters comprising thousands of machines.',
        'We have learned several things from this work. First, restricting the programming model makes it easy ' +
          'to parallelise and distribute computations and to make such computations fault tolerant. Second, ' +
          'network bandwidth is a scarce resource, and the locality optimisation lets us read data from local ' +
          'disks. Third, redundant execution can be used to reduce the impact of slow machines, and to handle ' +
          'machine failures and data loss.',
      ],
    },
  ],
};

export const SPANISH_PAPER: PaperText = {
  title: 'Compromiso de los ayuntamientos con la divulgación de información responsable',
  authors: ['Lucía Martín Pérez', 'Andrés Gómez Ruiz'],
  year: 2021,
  abstract:
    'Este trabajo analiza la información sobre responsabilidad social que los ayuntamientos publican en sus ' +
    'portales de transparencia. Se estudia si la divulgación de información económica, social y ambiental ' +
    'depende del tamaño del municipio, del signo político del gobierno local y de su nivel de endeudamiento.',
  sections: [
    {
      heading: 'Introducción',
      paragraphs: [
        'La transparencia se ha convertido en una exigencia de los ciudadanos hacia las administraciones ' +
          'públicas. Los ayuntamientos, por su cercanía a la población, tienen una responsabilidad especial en ' +
          'la divulgación de información sobre la gestión de los recursos públicos y sobre el impacto de sus ' +
          'decisiones en el medio ambiente y en la sociedad.',
        'La información responsable no se limita a los datos económicos. También incluye la política de ' +
          'igualdad, la atención a los colectivos vulnerables, la gestión de los residuos y el consumo de ' +
          'energía. Los portales de transparencia permiten a los ciudadanos conocer esta información y ' +
          'participar en la vida municipal.',
      ],
    },
    {
      heading: 'Metodología',
      paragraphs: [
        'Hemos elaborado un índice de divulgación a partir de cuarenta indicadores agrupados en tres ' +
          'dimensiones: económica, social y ambiental. Para cada municipio se comprobó si la información de ' +
          'cada indicador estaba disponible en su portal, si era comprensible y si se había actualizado durante ' +
          'el último año.',
        'Después se estimó un modelo de regresión en el que el índice de divulgación depende del número de ' +
          'habitantes, del partido que gobierna el municipio, del endeudamiento por habitante y de la ' +
          'existencia de una unidad administrativa dedicada a la transparencia.',
      ],
    },
    {
      heading: 'Resultados y conclusiones',
      paragraphs: [
        'Los municipios más grandes divulgan más información responsable que los pequeños, sobre todo en la ' +
          'dimensión ambiental. El signo político del gobierno local no explica las diferencias, mientras que ' +
          'la existencia de una unidad dedicada a la transparencia sí las explica en buena parte.',
        'Concluimos que el compromiso de los ayuntamientos con la divulgación de información responsable ' +
          'depende más de sus medios que de su orientación política. Recomendamos que las diputaciones ' +
          'provinciales apoyen a los municipios pequeños con herramientas comunes para publicar esta información.',
      ],
    },
  ],
};

/** The English paper as PDF bytes, built once per test file. */
let mapReducePdf: Promise<Buffer> | undefined;
export function mapReducePaperPdf(): Promise<Buffer> {
  mapReducePdf ??= paperPdf(MAP_REDUCE_PAPER);
  return mapReducePdf;
}

// The part of Qdrant's published OpenAPI description (qdrant/qdrant, docs/redoc/master/openapi.json,
// the version at commit 000afd44829b372d77aa18e59db3f18a7fd040ac; OpenAPI 3.0.1, "Qdrant API") that
// the Qdrant stand-in validates QdrantStore's requests and its own responses against: the schemas of
// the ten operations QdrantStore calls and every schema they reference. Copied with the structure as
// published (types, formats, required, anyOf/oneOf, nullable, additionalProperties, enums, minimum and
// maximum); descriptions and defaults left out. Licensed under the Apache License 2.0 by its authors
// (see NOTICE.md beside this file). `QueryResponse` is the one schema not in that version's
// components: it is the `result` of the query operation as the Qdrant 1.19 client reads it.

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
/** `anyOf: [<ref>, {nullable: true}]`, as the published document writes an optional reference. */
const optional = (schema: Schema): Schema => ({ anyOf: [schema, { nullable: true }] });
const uint = (minimum = 0): Schema => ({ type: 'integer', format: 'uint', minimum });
const nullableUint = (minimum = 0): Schema => ({ ...uint(minimum), nullable: true });
const floats: Schema = { type: 'array', items: { type: 'number', format: 'float' } };
const oneOrMany = (name: string): Schema => ({
  anyOf: [ref(name), { type: 'array', items: ref(name) }, { nullable: true }],
});

export const qdrantSchemas: Readonly<Record<string, Schema>> = {
  ErrorResponse: {
    type: 'object',
    properties: {
      time: { type: 'number', format: 'float' },
      status: { type: 'object', properties: { error: { type: 'string' } } },
      result: { type: 'object', nullable: true },
    },
  },
  CollectionExistence: {
    type: 'object',
    required: ['exists'],
    properties: { exists: { type: 'boolean' } },
  },
  CollectionInfo: {
    type: 'object',
    required: ['config', 'optimizer_status', 'payload_schema', 'segments_count', 'status'],
    properties: {
      status: ref('CollectionStatus'),
      optimizer_status: ref('OptimizersStatus'),
      vectors_count: nullableUint(),
      indexed_vectors_count: nullableUint(),
      points_count: nullableUint(),
      segments_count: uint(),
      config: ref('CollectionConfig'),
      payload_schema: { type: 'object', additionalProperties: ref('PayloadIndexInfo') },
    },
  },
  CollectionStatus: { type: 'string', enum: ['green', 'yellow', 'grey', 'red'] },
  OptimizersStatus: {
    oneOf: [
      { type: 'string', enum: ['ok'] },
      {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  },
  CollectionConfig: {
    type: 'object',
    required: ['hnsw_config', 'optimizer_config', 'params', 'wal_config'],
    properties: {
      params: ref('CollectionParams'),
      hnsw_config: ref('HnswConfig'),
      optimizer_config: ref('OptimizersConfig'),
      wal_config: ref('WalConfig'),
      quantization_config: optional(ref('QuantizationConfig')),
    },
  },
  CollectionParams: {
    type: 'object',
    properties: {
      vectors: ref('VectorsConfig'),
      shard_number: { type: 'integer', format: 'uint32', minimum: 1 },
      sharding_method: optional(ref('ShardingMethod')),
      replication_factor: { type: 'integer', format: 'uint32', minimum: 1 },
      write_consistency_factor: { type: 'integer', format: 'uint32', minimum: 1 },
      read_fan_out_factor: { type: 'integer', format: 'uint32', minimum: 0, nullable: true },
      on_disk_payload: { type: 'boolean' },
      sparse_vectors: { type: 'object', additionalProperties: ref('SparseVectorParams'), nullable: true },
    },
  },
  VectorsConfig: {
    anyOf: [ref('VectorParams'), { type: 'object', additionalProperties: ref('VectorParams') }],
  },
  VectorParams: {
    type: 'object',
    required: ['distance', 'size'],
    properties: {
      size: { type: 'integer', format: 'uint64', minimum: 1 },
      distance: ref('Distance'),
      hnsw_config: optional(ref('HnswConfigDiff')),
      quantization_config: optional(ref('QuantizationConfig')),
      on_disk: { type: 'boolean', nullable: true },
      datatype: optional(ref('Datatype')),
      multivec_config: optional(ref('MultiVectorConfig')),
    },
  },
  Distance: { type: 'string', enum: ['Cosine', 'Euclid', 'Dot', 'Manhattan'] },
  HnswConfigDiff: {
    type: 'object',
    properties: {
      m: nullableUint(),
      ef_construct: nullableUint(4),
      full_scan_threshold: nullableUint(10),
      max_indexing_threads: nullableUint(),
      on_disk: { type: 'boolean', nullable: true },
      payload_m: nullableUint(),
    },
  },
  QuantizationConfig: {
    anyOf: [ref('ScalarQuantization'), ref('ProductQuantization'), ref('BinaryQuantization')],
  },
  ScalarQuantization: {
    type: 'object',
    required: ['scalar'],
    properties: { scalar: ref('ScalarQuantizationConfig') },
  },
  ScalarQuantizationConfig: {
    type: 'object',
    required: ['type'],
    properties: {
      type: ref('ScalarType'),
      quantile: { type: 'number', format: 'float', maximum: 1, minimum: 0.5, nullable: true },
      always_ram: { type: 'boolean', nullable: true },
    },
  },
  ScalarType: { type: 'string', enum: ['int8'] },
  ProductQuantization: {
    type: 'object',
    required: ['product'],
    properties: { product: ref('ProductQuantizationConfig') },
  },
  ProductQuantizationConfig: {
    type: 'object',
    required: ['compression'],
    properties: { compression: ref('CompressionRatio'), always_ram: { type: 'boolean', nullable: true } },
  },
  CompressionRatio: { type: 'string', enum: ['x4', 'x8', 'x16', 'x32', 'x64'] },
  BinaryQuantization: {
    type: 'object',
    required: ['binary'],
    properties: { binary: ref('BinaryQuantizationConfig') },
  },
  BinaryQuantizationConfig: {
    type: 'object',
    properties: { always_ram: { type: 'boolean', nullable: true } },
  },
  Datatype: { type: 'string', enum: ['float32', 'uint8', 'float16'] },
  MultiVectorConfig: {
    type: 'object',
    required: ['comparator'],
    properties: { comparator: ref('MultiVectorComparator') },
  },
  MultiVectorComparator: { type: 'string', enum: ['max_sim'] },
  ShardingMethod: { type: 'string', enum: ['auto', 'custom'] },
  SparseVectorParams: {
    type: 'object',
    properties: { index: optional(ref('SparseIndexParams')), modifier: optional(ref('Modifier')) },
  },
  SparseIndexParams: {
    type: 'object',
    properties: { full_scan_threshold: nullableUint(), on_disk: { type: 'boolean', nullable: true } },
  },
  Modifier: { type: 'string', enum: ['none', 'idf'] },
  HnswConfig: {
    type: 'object',
    required: ['ef_construct', 'full_scan_threshold', 'm'],
    properties: {
      m: uint(),
      ef_construct: uint(4),
      full_scan_threshold: uint(),
      max_indexing_threads: uint(),
      on_disk: { type: 'boolean', nullable: true },
      payload_m: nullableUint(),
    },
  },
  OptimizersConfig: {
    type: 'object',
    required: [
      'default_segment_number',
      'deleted_threshold',
      'flush_interval_sec',
      'vacuum_min_vector_number',
    ],
    properties: {
      deleted_threshold: { type: 'number', format: 'double', maximum: 1, minimum: 0 },
      vacuum_min_vector_number: uint(100),
      default_segment_number: uint(),
      max_segment_size: nullableUint(),
      memmap_threshold: nullableUint(),
      indexing_threshold: nullableUint(),
      flush_interval_sec: { type: 'integer', format: 'uint64', minimum: 0 },
      max_optimization_threads: nullableUint(),
    },
  },
  WalConfig: {
    type: 'object',
    required: ['wal_capacity_mb', 'wal_segments_ahead'],
    properties: { wal_capacity_mb: uint(1), wal_segments_ahead: uint() },
  },
  PayloadIndexInfo: {
    type: 'object',
    required: ['data_type', 'points'],
    properties: {
      data_type: ref('PayloadSchemaType'),
      params: optional(ref('PayloadSchemaParams')),
      points: uint(),
    },
  },
  PayloadSchemaType: {
    type: 'string',
    enum: ['keyword', 'integer', 'float', 'geo', 'text', 'bool', 'datetime'],
  },
  PayloadSchemaParams: { anyOf: [ref('TextIndexParams'), ref('IntegerIndexParams')] },
  TextIndexParams: {
    type: 'object',
    required: ['type'],
    properties: {
      type: ref('TextIndexType'),
      tokenizer: ref('TokenizerType'),
      min_token_len: nullableUint(),
      max_token_len: nullableUint(),
      lowercase: { type: 'boolean', nullable: true },
    },
  },
  TextIndexType: { type: 'string', enum: ['text'] },
  TokenizerType: { type: 'string', enum: ['prefix', 'whitespace', 'word', 'multilingual'] },
  IntegerIndexParams: {
    type: 'object',
    required: ['lookup', 'range', 'type'],
    properties: { type: ref('IntegerIndexType'), lookup: { type: 'boolean' }, range: { type: 'boolean' } },
  },
  IntegerIndexType: { type: 'string', enum: ['integer'] },
  ShardKeySelector: { anyOf: [ref('ShardKey'), { type: 'array', items: ref('ShardKey') }] },
  ShardKey: { anyOf: [{ type: 'string' }, { type: 'integer', format: 'uint64', minimum: 0 }] },
  ExtendedPointId: {
    anyOf: [
      { type: 'integer', format: 'uint64', minimum: 0 },
      { type: 'string', format: 'uuid' },
    ],
  },
  WithPayloadInterface: {
    anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string' } }, ref('PayloadSelector')],
  },
  PayloadSelector: { anyOf: [ref('PayloadSelectorInclude'), ref('PayloadSelectorExclude')] },
  PayloadSelectorInclude: {
    type: 'object',
    required: ['include'],
    properties: { include: { type: 'array', items: { type: 'string' } } },
    additionalProperties: false,
  },
  PayloadSelectorExclude: {
    type: 'object',
    required: ['exclude'],
    properties: { exclude: { type: 'array', items: { type: 'string' } } },
    additionalProperties: false,
  },
  WithVector: { anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string' } }] },
  Record: {
    type: 'object',
    required: ['id'],
    properties: {
      id: ref('ExtendedPointId'),
      payload: optional(ref('Payload')),
      vector: optional(ref('VectorStruct')),
      shard_key: optional(ref('ShardKey')),
    },
  },
  Payload: { type: 'object', additionalProperties: true },
  VectorStruct: { anyOf: [floats, { type: 'object', additionalProperties: ref('Vector') }] },
  Vector: { anyOf: [floats, ref('SparseVector'), { type: 'array', items: floats }] },
  SparseVector: {
    type: 'object',
    required: ['indices', 'values'],
    properties: {
      indices: { type: 'array', items: { type: 'integer', format: 'uint32', minimum: 0 } },
      values: floats,
    },
  },
  Filter: {
    type: 'object',
    properties: {
      should: oneOrMany('Condition'),
      min_should: optional(ref('MinShould')),
      must: oneOrMany('Condition'),
      must_not: oneOrMany('Condition'),
    },
    additionalProperties: false,
  },
  Condition: {
    anyOf: [
      ref('FieldCondition'),
      ref('IsEmptyCondition'),
      ref('IsNullCondition'),
      ref('HasIdCondition'),
      ref('NestedCondition'),
      ref('Filter'),
    ],
  },
  FieldCondition: {
    type: 'object',
    required: ['key'],
    properties: {
      key: { type: 'string' },
      match: optional(ref('Match')),
      range: optional(ref('RangeInterface')),
      geo_bounding_box: optional(ref('GeoBoundingBox')),
      geo_radius: optional(ref('GeoRadius')),
      geo_polygon: optional(ref('GeoPolygon')),
      values_count: optional(ref('ValuesCount')),
    },
  },
  Match: { anyOf: [ref('MatchValue'), ref('MatchText'), ref('MatchAny'), ref('MatchExcept')] },
  MatchValue: { type: 'object', required: ['value'], properties: { value: ref('ValueVariants') } },
  ValueVariants: {
    anyOf: [{ type: 'string' }, { type: 'integer', format: 'int64' }, { type: 'boolean' }],
  },
  MatchText: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
  MatchAny: { type: 'object', required: ['any'], properties: { any: ref('AnyVariants') } },
  AnyVariants: {
    anyOf: [
      { type: 'array', items: { type: 'string' }, uniqueItems: true },
      { type: 'array', items: { type: 'integer', format: 'int64' }, uniqueItems: true },
    ],
  },
  MatchExcept: { type: 'object', required: ['except'], properties: { except: ref('AnyVariants') } },
  RangeInterface: { anyOf: [ref('Range'), ref('DatetimeRange')] },
  Range: {
    type: 'object',
    properties: Object.fromEntries(
      ['lt', 'gt', 'gte', 'lte'].map((key) => [key, { type: 'number', format: 'double', nullable: true }]),
    ),
  },
  DatetimeRange: {
    type: 'object',
    properties: Object.fromEntries(
      ['lt', 'gt', 'gte', 'lte'].map((key) => [key, { type: 'string', format: 'date-time', nullable: true }]),
    ),
  },
  GeoBoundingBox: {
    type: 'object',
    required: ['bottom_right', 'top_left'],
    properties: { top_left: ref('GeoPoint'), bottom_right: ref('GeoPoint') },
  },
  GeoPoint: {
    type: 'object',
    required: ['lat', 'lon'],
    properties: { lon: { type: 'number', format: 'double' }, lat: { type: 'number', format: 'double' } },
  },
  GeoRadius: {
    type: 'object',
    required: ['center', 'radius'],
    properties: { center: ref('GeoPoint'), radius: { type: 'number', format: 'double' } },
  },
  GeoPolygon: {
    type: 'object',
    required: ['exterior'],
    properties: {
      exterior: ref('GeoLineString'),
      interiors: { type: 'array', items: ref('GeoLineString'), nullable: true },
    },
  },
  GeoLineString: {
    type: 'object',
    required: ['points'],
    properties: { points: { type: 'array', items: ref('GeoPoint') } },
  },
  ValuesCount: {
    type: 'object',
    properties: Object.fromEntries(['lt', 'gt', 'gte', 'lte'].map((key) => [key, nullableUint()])),
  },
  IsEmptyCondition: {
    type: 'object',
    required: ['is_empty'],
    properties: { is_empty: ref('PayloadField') },
  },
  PayloadField: { type: 'object', required: ['key'], properties: { key: { type: 'string' } } },
  IsNullCondition: { type: 'object', required: ['is_null'], properties: { is_null: ref('PayloadField') } },
  HasIdCondition: {
    type: 'object',
    required: ['has_id'],
    properties: { has_id: { type: 'array', items: ref('ExtendedPointId'), uniqueItems: true } },
  },
  NestedCondition: { type: 'object', required: ['nested'], properties: { nested: ref('Nested') } },
  Nested: {
    type: 'object',
    required: ['filter', 'key'],
    properties: { key: { type: 'string' }, filter: ref('Filter') },
  },
  MinShould: {
    type: 'object',
    required: ['conditions', 'min_count'],
    properties: { conditions: { type: 'array', items: ref('Condition') }, min_count: uint() },
  },
  SearchParams: {
    type: 'object',
    properties: {
      hnsw_ef: nullableUint(),
      exact: { type: 'boolean' },
      quantization: optional(ref('QuantizationSearchParams')),
      indexed_only: { type: 'boolean' },
    },
  },
  QuantizationSearchParams: {
    type: 'object',
    properties: {
      ignore: { type: 'boolean' },
      rescore: { type: 'boolean', nullable: true },
      oversampling: { type: 'number', format: 'double', minimum: 1, nullable: true },
    },
  },
  ScoredPoint: {
    type: 'object',
    required: ['id', 'score', 'version'],
    properties: {
      id: ref('ExtendedPointId'),
      version: { type: 'integer', format: 'uint64', minimum: 0 },
      score: { type: 'number', format: 'float' },
      payload: optional(ref('Payload')),
      vector: optional(ref('VectorStruct')),
      shard_key: optional(ref('ShardKey')),
      order_value: optional(ref('OrderValue')),
    },
  },
  OrderValue: {
    anyOf: [
      { type: 'integer', format: 'int64' },
      { type: 'number', format: 'double' },
    ],
  },
  UpdateResult: {
    type: 'object',
    required: ['status'],
    properties: {
      operation_id: { type: 'integer', format: 'uint64', minimum: 0, nullable: true },
      status: ref('UpdateStatus'),
    },
  },
  UpdateStatus: { type: 'string', enum: ['acknowledged', 'completed'] },
  LookupLocation: {
    type: 'object',
    required: ['collection'],
    properties: {
      collection: { type: 'string' },
      vector: { type: 'string', nullable: true },
      shard_key: optional(ref('ShardKeySelector')),
    },
  },
  ScrollRequest: {
    type: 'object',
    properties: {
      shard_key: optional(ref('ShardKeySelector')),
      offset: optional(ref('ExtendedPointId')),
      limit: nullableUint(1),
      filter: optional(ref('Filter')),
      with_payload: optional(ref('WithPayloadInterface')),
      with_vector: ref('WithVector'),
      order_by: optional(ref('OrderByInterface')),
    },
  },
  OrderByInterface: { anyOf: [{ type: 'string' }, ref('OrderBy')] },
  OrderBy: {
    type: 'object',
    required: ['key'],
    properties: {
      key: { type: 'string' },
      direction: optional(ref('Direction')),
      start_from: optional(ref('StartFrom')),
    },
  },
  Direction: { type: 'string', enum: ['asc', 'desc'] },
  StartFrom: {
    anyOf: [
      { type: 'integer', format: 'int64' },
      { type: 'number', format: 'double' },
      { type: 'string', format: 'date-time' },
    ],
  },
  ScrollResult: {
    type: 'object',
    required: ['points'],
    properties: {
      points: { type: 'array', items: ref('Record') },
      next_page_offset: optional(ref('ExtendedPointId')),
    },
  },
  CreateCollection: {
    type: 'object',
    properties: {
      vectors: ref('VectorsConfig'),
      shard_number: { type: 'integer', format: 'uint32', minimum: 1, nullable: true },
      sharding_method: optional(ref('ShardingMethod')),
      replication_factor: { type: 'integer', format: 'uint32', minimum: 1, nullable: true },
      write_consistency_factor: { type: 'integer', format: 'uint32', minimum: 1, nullable: true },
      on_disk_payload: { type: 'boolean', nullable: true },
      hnsw_config: optional(ref('HnswConfigDiff')),
      wal_config: optional(ref('WalConfigDiff')),
      optimizers_config: optional(ref('OptimizersConfigDiff')),
      init_from: optional(ref('InitFrom')),
      quantization_config: optional(ref('QuantizationConfig')),
      sparse_vectors: { type: 'object', additionalProperties: ref('SparseVectorParams'), nullable: true },
    },
  },
  WalConfigDiff: {
    type: 'object',
    properties: { wal_capacity_mb: nullableUint(1), wal_segments_ahead: nullableUint() },
  },
  OptimizersConfigDiff: {
    type: 'object',
    properties: {
      deleted_threshold: { type: 'number', format: 'double', nullable: true },
      vacuum_min_vector_number: nullableUint(),
      default_segment_number: nullableUint(),
      max_segment_size: nullableUint(),
      memmap_threshold: nullableUint(),
      indexing_threshold: nullableUint(),
      flush_interval_sec: { type: 'integer', format: 'uint64', minimum: 0, nullable: true },
      max_optimization_threads: nullableUint(),
    },
  },
  InitFrom: { type: 'object', required: ['collection'], properties: { collection: { type: 'string' } } },
  CreateFieldIndex: {
    type: 'object',
    required: ['field_name'],
    properties: { field_name: { type: 'string' }, field_schema: optional(ref('PayloadFieldSchema')) },
  },
  PayloadFieldSchema: { anyOf: [ref('PayloadSchemaType'), ref('PayloadSchemaParams')] },
  PointsSelector: { anyOf: [ref('PointIdsList'), ref('FilterSelector')] },
  PointIdsList: {
    type: 'object',
    required: ['points'],
    properties: {
      points: { type: 'array', items: ref('ExtendedPointId') },
      shard_key: optional(ref('ShardKeySelector')),
    },
  },
  FilterSelector: {
    type: 'object',
    required: ['filter'],
    properties: { filter: ref('Filter'), shard_key: optional(ref('ShardKeySelector')) },
  },
  PointInsertOperations: { anyOf: [ref('PointsBatch'), ref('PointsList')] },
  PointsBatch: {
    type: 'object',
    required: ['batch'],
    properties: { batch: ref('Batch'), shard_key: optional(ref('ShardKeySelector')) },
  },
  Batch: {
    type: 'object',
    required: ['ids', 'vectors'],
    properties: {
      ids: { type: 'array', items: ref('ExtendedPointId') },
      vectors: ref('BatchVectorStruct'),
      payloads: { type: 'array', items: optional(ref('Payload')), nullable: true },
    },
  },
  BatchVectorStruct: {
    anyOf: [
      { type: 'array', items: floats },
      { type: 'object', additionalProperties: { type: 'array', items: ref('Vector') } },
    ],
  },
  PointsList: {
    type: 'object',
    required: ['points'],
    properties: {
      points: { type: 'array', items: ref('PointStruct') },
      shard_key: optional(ref('ShardKeySelector')),
    },
  },
  PointStruct: {
    type: 'object',
    required: ['id', 'vector'],
    properties: {
      id: ref('ExtendedPointId'),
      vector: ref('VectorStruct'),
      payload: optional(ref('Payload')),
    },
  },
  CountRequest: {
    type: 'object',
    properties: {
      shard_key: optional(ref('ShardKeySelector')),
      filter: optional(ref('Filter')),
      exact: { type: 'boolean' },
    },
  },
  CountResult: { type: 'object', required: ['count'], properties: { count: uint() } },
  QueryRequest: {
    type: 'object',
    properties: {
      shard_key: optional(ref('ShardKeySelector')),
      prefetch: oneOrMany('Prefetch'),
      query: optional(ref('QueryInterface')),
      using: { type: 'string', nullable: true },
      filter: optional(ref('Filter')),
      params: optional(ref('SearchParams')),
      score_threshold: { type: 'number', format: 'float', nullable: true },
      limit: nullableUint(),
      offset: nullableUint(),
      with_vector: optional(ref('WithVector')),
      with_payload: optional(ref('WithPayloadInterface')),
      lookup_from: optional(ref('LookupLocation')),
    },
  },
  Prefetch: {
    type: 'object',
    properties: {
      prefetch: oneOrMany('Prefetch'),
      query: optional(ref('QueryInterface')),
      using: { type: 'string', nullable: true },
      filter: optional(ref('Filter')),
      params: optional(ref('SearchParams')),
      score_threshold: { type: 'number', format: 'float', nullable: true },
      limit: nullableUint(),
      lookup_from: optional(ref('LookupLocation')),
    },
  },
  QueryInterface: { anyOf: [ref('VectorInput'), ref('Query')] },
  VectorInput: {
    anyOf: [floats, ref('SparseVector'), { type: 'array', items: floats }, ref('ExtendedPointId')],
  },
  Query: {
    oneOf: [
      ['nearest', 'VectorInput'],
      ['recommend', 'RecommendInput'],
      ['discover', 'DiscoverInput'],
      ['context', 'ContextInput'],
      ['order_by', 'OrderByInterface'],
      ['fusion', 'Fusion'],
    ].map(([key, name]) => ({
      type: 'object',
      required: [key],
      properties: { [key as string]: ref(name as string) },
      additionalProperties: false,
    })),
  },
  RecommendInput: {
    type: 'object',
    properties: {
      positive: { type: 'array', items: ref('VectorInput'), nullable: true },
      negative: { type: 'array', items: ref('VectorInput'), nullable: true },
      strategy: optional(ref('RecommendStrategy')),
    },
  },
  RecommendStrategy: { type: 'string', enum: ['average_vector', 'best_score'] },
  DiscoverInput: {
    type: 'object',
    required: ['context', 'target'],
    properties: { target: ref('VectorInput'), context: oneOrMany('ContextPair') },
  },
  ContextPair: {
    type: 'object',
    required: ['negative', 'positive'],
    properties: { positive: ref('VectorInput'), negative: ref('VectorInput') },
  },
  ContextInput: oneOrMany('ContextPair'),
  Fusion: { oneOf: [{ type: 'string', enum: ['rrf'] }] },
  QueryResponse: {
    type: 'object',
    required: ['points'],
    properties: { points: { type: 'array', items: ref('ScoredPoint') } },
  },
};

/** The request body and `result` schema of each operation QdrantStore calls, as the document's paths give them. */
export const qdrantOperations = {
  'GET /collections/{collection_name}/exists': { result: ref('CollectionExistence') },
  'GET /collections/{collection_name}': { result: ref('CollectionInfo') },
  'PUT /collections/{collection_name}': { body: ref('CreateCollection'), result: { type: 'boolean' } },
  'DELETE /collections/{collection_name}': { result: { type: 'boolean' } },
  'PUT /collections/{collection_name}/index': { body: ref('CreateFieldIndex'), result: ref('UpdateResult') },
  'PUT /collections/{collection_name}/points': {
    body: ref('PointInsertOperations'),
    result: ref('UpdateResult'),
  },
  'POST /collections/{collection_name}/points/delete': {
    body: ref('PointsSelector'),
    result: ref('UpdateResult'),
  },
  'POST /collections/{collection_name}/points/count': {
    body: ref('CountRequest'),
    result: ref('CountResult'),
  },
  'POST /collections/{collection_name}/points/scroll': {
    body: ref('ScrollRequest'),
    result: ref('ScrollResult'),
  },
  'POST /collections/{collection_name}/points/query': {
    body: ref('QueryRequest'),
    result: ref('QueryResponse'),
  },
} as const satisfies Record<string, { body?: Schema; result: Schema }>;

export type QdrantOperation = keyof typeof qdrantOperations;

/** The parts of parse-prometheus-text-format (no types of its own) the tests use. */
declare module 'parse-prometheus-text-format' {
  export interface Sample {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Sample[];
  }
  /** Parses Prometheus's text exposition format; throws on malformed input. */
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}

export declare const ZONE_RULES_DIR: string;
export declare const ZONE_RULES_VERSION: string;
export declare function hasOlderZoneRules(runtime?: string): boolean;
export declare function zoneRulesEnv(): { ICU_TIMEZONE_FILES_DIR?: string };

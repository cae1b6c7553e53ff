// The credentials feature's face (issue 39): what other features use of it.
export { CredentialBadges } from './CredentialBadges';
export { MissingCredentials, RequiredCredentialsField, RequiredCredentialsLine } from './RequiredCredentials';
export { credentialsApi, type Credential } from './credentialsApi';

// The status host (docs/aws.md, "The status host"), in its own region: its own bucket, holding the
// status document as S3 replicates it from the site's bucket and the monitoring pages with their
// assets as `npm run deploy --status-bucket` writes them; its own distribution, certificate and
// host name, its own functions and policies. Nothing of the site's region, distribution, key value
// store or build switch, so that it still tells visitors what happened when those fail. Addresses
// it does not serve go, 301, to the same path on the site.
import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import * as acm from 'aws-cdk-lib/aws-certificatemanager'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins'
import * as s3 from 'aws-cdk-lib/aws-s3'
import type { Construct } from 'constructs'
import { siteResponseHeadersPolicy } from '../../host/policies'
import {
  STATUS_HOST_READABLE_KEYS,
  STATUS_PREFIX,
  statusHostRequestSource,
  viewerResponseSource,
} from '../../host/rules'
import { namesOf, type Settings } from '../settings'
import { headersPolicy, notFoundResponses, readableThroughEdge, statusCachePolicy } from './edge'

export class StatusHost {
  readonly bucket: s3.Bucket
  readonly distribution: cloudfront.Distribution

  constructor(scope: Construct, settings: Settings) {
    this.bucket = new s3.Bucket(scope, 'StatusHost', {
      bucketName: namesOf(settings.stage).statusBucket(settings.statusRegion),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // A replication's destination must be versioned. Its old versions are copies (the document's
      // every minute, the site's bucket keeps them a month) or a build's pages: gone after a day.
      versioned: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(1) }],
    })
    const viewerRequest = new cloudfront.Function(scope, 'StatusHostRequest', {
      code: cloudfront.FunctionCode.fromInline(statusHostRequestSource(settings.siteOrigin)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'The status host: the monitoring pages, the status document, else the site (host/rules.ts)',
    })
    const viewerResponse = new cloudfront.Function(scope, 'StatusHostResponse', {
      code: cloudfront.FunctionCode.fromInline(viewerResponseSource()),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: "The build's Content-Security-Policy from its object (host/rules.ts)",
    })
    const functionAssociations: cloudfront.FunctionAssociation[] = [
      { function: viewerRequest, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      { function: viewerResponse, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
    ]
    const headers = headersPolicy(scope, 'StatusHostHeaders', siteResponseHeadersPolicy())
    // Read through OAC, only the keys the host serves.
    const origin = origins.S3BucketOrigin.withOriginAccessControl(
      readableThroughEdge(this.bucket, STATUS_HOST_READABLE_KEYS),
    )
    this.distribution = new cloudfront.Distribution(scope, 'StatusCdn', {
      comment: 'The Rasid status host: the monitoring pages and the status document, apart from the site',
      ...(settings.statusDomain
        ? {
            domainNames: [settings.statusDomain],
            certificate: acm.Certificate.fromCertificateArn(scope, 'Certificate', settings.statusCertificateArn!),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      // No WAF: the host serves cached files and no API, and the WAF's stack is one more thing to share.
      enableLogging: false,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: headers,
        functionAssociations,
      },
      additionalBehaviors: {
        [`/${STATUS_PREFIX}*`]: {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: statusCachePolicy(scope),
          compress: true,
          responseHeadersPolicy: headers,
          functionAssociations,
        },
      },
      errorResponses: notFoundResponses,
    })
  }
}
